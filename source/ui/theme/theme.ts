/**
 * Semantic colour tokens. Views name what a colour means (`status.error`), never the colour itself,
 * so NO_COLOR gets a theme with no colours at all and every meaning is still carried by text.
 */
import { colourWanted } from '../../terminal/colour.js';

export interface Theme {
  text: { primary?: string; secondary?: string; accent?: string };
  status: { error?: string; warning?: string; success?: string };
  ui: { focus?: string; border?: string; selected?: string };
  /** Dim secondary text; off without colour so nothing becomes unreadable. */
  dimSecondary: boolean;
}

export const colorTheme: Theme = {
  text: { primary: undefined, secondary: 'gray', accent: 'cyan' },
  status: { error: 'red', warning: 'yellow', success: 'green' },
  ui: { focus: 'cyan', border: 'gray', selected: 'cyan' },
  dimSecondary: true,
};

export const noColorTheme: Theme = {
  text: {},
  status: {},
  ui: {},
  dimSecondary: false,
};

/** The theme for the terminal the UI draws on: colour as terminal/colour.ts decides (NO_COLOR, FORCE_COLOR, TERM=dumb). */
export function themeFor(env: NodeJS.ProcessEnv): Theme {
  return colourWanted({ isTTY: true }, env) ? colorTheme : noColorTheme;
}
