/**
 * Semantic colour tokens. Views name what a colour means (`status.error`), never the colour itself,
 * so NO_COLOR gets a theme with no colours at all and every meaning is still carried by text. Also
 * what else the terminal draws: OSC 8 links.
 */
import type { TerminalFacts } from '../../config/environment.js';
import { colourWanted } from '../../terminal/colour.js';

export interface Theme {
  text: { primary?: string; secondary?: string; accent?: string };
  status: { error?: string; warning?: string; success?: string };
  ui: { focus?: string; border?: string; selected?: string };
  /** Dim secondary text; off without colour so nothing becomes unreadable. */
  dimSecondary: boolean;
  /** The terminal draws OSC 8 links: an address shown is also a link (components/copyable-url.tsx). */
  hyperlinks: boolean;
}

export const colorTheme: Theme = {
  text: { primary: undefined, secondary: 'gray', accent: 'cyan' },
  status: { error: 'red', warning: 'yellow', success: 'green' },
  ui: { focus: 'cyan', border: 'gray', selected: 'cyan' },
  dimSecondary: true,
  hyperlinks: false,
};

export const noColorTheme: Theme = {
  text: {},
  status: {},
  ui: {},
  dimSecondary: false,
  hyperlinks: false,
};

/** The theme for the terminal the UI draws on: colour as terminal/colour.ts decides (NO_COLOR, FORCE_COLOR, TERM=dumb), links where it draws them. */
export function themeFor(terminal: TerminalFacts): Theme {
  return { ...(colourWanted({ isTTY: true }, terminal.colour) ? colorTheme : noColorTheme), hyperlinks: terminal.hyperlinks };
}
