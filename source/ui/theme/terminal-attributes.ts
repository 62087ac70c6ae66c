/**
 * Ink draws with chalk, whose level (from supports-color) is 0 under CI=true, TERM=dumb or a
 * `--no-color` anywhere in argv: at 0 it drops every attribute too, so the inverse cursor and selection
 * would vanish. Inverse, bold and underline are attributes, not colours: the app, drawn only on a
 * terminal, asks for at least the basic level, and the theme alone decides colour (theme.ts: NO_COLOR,
 * FORCE_COLOR, TERM=dumb, --no-color), giving no colour tokens where none is wanted.
 */
import chalk from 'chalk';

export function drawAttributesOnTerminal(): void {
  if (chalk.level === 0) chalk.level = 1;
}
