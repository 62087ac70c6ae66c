/**
 * Ink's Text, with every string it is given made safe for the terminal first (terminal/sanitize.ts):
 * command names, descriptions, localizations, guild, role, channel and user names and Discord's
 * messages come from a server, and a control sequence in one must show as text, not drive the
 * terminal. The UI's own text has none, so this costs one regular-expression test per string.
 */
import { Text as InkText } from 'ink';
import { Children, type ComponentProps, type ReactNode } from 'react';
import { sanitizeText } from '../../terminal/sanitize.js';

function safe(children: ReactNode): ReactNode {
  return typeof children === 'string' ? sanitizeText(children) : Children.map(children, (child) => (typeof child === 'string' ? sanitizeText(child) : child));
}

export function Text({ children, ...props }: ComponentProps<typeof InkText>) {
  return <InkText {...props}>{safe(children)}</InkText>;
}
