/**
 * Ink's Text, with every string it is given made safe for the terminal first (terminal/sanitize.ts):
 * command names, descriptions, localizations, guild, role, channel and user names and Discord's
 * messages come from a server, and a control sequence in one must show as text, not drive the
 * terminal. The UI's own text has none, so this costs one regular-expression test per string.
 * A credential this process holds (terminal/redact-secrets.ts) shows as `****`, whatever text quotes it —
 * but where `reveal` says the text is one to copy: the emulator's own fake bot token, shown as `serve` prints it.
 */
import { Text as InkText } from 'ink';
import { Children, createContext, useContext, type ComponentProps, type ReactNode } from 'react';
import { redactSecrets } from '../../terminal/redact-secrets.js';
import { sanitizeLine, sanitizeText } from '../../terminal/sanitize.js';

/** Inside a Text drawn as one line (`wrap="truncate…"`): a server's line break must not start a line of its own. */
const OneLine = createContext(false);

function safe(children: ReactNode, sanitize: (text: string) => string, reveal: boolean): ReactNode {
  const shown = (text: string) => sanitize(reveal ? text : redactSecrets(text));
  return typeof children === 'string' ? shown(children) : Children.map(children, (child) => (typeof child === 'string' ? shown(child) : child));
}

export function Text({ children, reveal = false, ...props }: ComponentProps<typeof InkText> & { reveal?: boolean }) {
  const inLine = useContext(OneLine);
  const oneLine = inLine || (props.wrap?.startsWith('truncate') ?? false);
  const text = <InkText {...props}>{safe(children, oneLine ? sanitizeLine : sanitizeText, reveal)}</InkText>;
  return oneLine && !inLine ? <OneLine.Provider value>{text}</OneLine.Provider> : text;
}
