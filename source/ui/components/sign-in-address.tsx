/**
 * What a browser sign-in shows while it waits: the address to open (copyable, copyable-url.tsx) and a
 * field where the address the browser ended on is pasted back, as `cmd-tui auth login --no-browser`
 * reads it. Over SSH the browser runs on the desktop, so its redirect to 127.0.0.1 reaches the
 * desktop, not the listener here, and fails to load: pasting its address finishes the sign-in. The
 * listener keeps waiting meanwhile; whichever arrives first wins (auth/session.ts checks the state of
 * both the same way). The pasted text is masked (it holds the code) and never repeated.
 */
import { Box, useWindowSize } from 'ink';
import { useRef, useState } from 'react';
import { SignInError } from '../../auth/sign-in-error.js';
import type { Chord } from '../input/chord.js';
import { actionFor, bindingOf, keyLabel, type KeyScope } from '../input/key-bindings.js';
import type { PasteBack } from '../session/session.js';
import { useTheme } from '../theme/theme-context.js';
import { textWidth } from '../../terminal/text-width.js';
import { wrapText } from '../../terminal/wrap-text.js';
import { CopyableUrl, useCopyUrl } from './copyable-url.js';
import { Footer, useFooterRows } from './footer.js';
import { TextField } from './text-field.js';
import { Text } from './text.js';
import { DialogLine } from './dialog-frame.js';

/** The paste-back of a screen's sign-ins: what each sign-in reads, and the field's state. */
export interface PasteBackField {
  /** For a sign-in starting now: the field emptied, nothing left over from an earlier one. */
  begin: () => PasteBack;
  value: string;
  setValue: (value: string) => void;
  /** Hands the field's text to the sign-in and empties the field. */
  submit: () => void;
  /** Why the last paste was not taken. */
  refusal?: string;
}

/** A paste-back whose `read` resolves with each text submitted, in order, whenever the sign-in asks. */
export function usePasteBack(): PasteBackField {
  const [value, setValue] = useState('');
  const [refusal, setRefusal] = useState<string | undefined>(undefined);
  const channel = useRef<{ waiting: { resolve: (text: string) => void; reject: (error: Error) => void }[]; submitted: string[] }>({ waiting: [], submitted: [] }).current;
  const pasteBack = useRef<PasteBack>({
    read: () => {
      const ready = channel.submitted.shift();
      return ready === undefined ? new Promise<string>((resolve, reject) => channel.waiting.push({ resolve, reject })) : Promise.resolve(ready);
    },
    refused: (message) => setRefusal(message),
  }).current;
  const begin = () => {
    // A read left from a sign-in that ended is told so, rather than left pending forever.
    for (const reader of channel.waiting.splice(0)) reader.reject(new SignInError('aborted', 'Sign-in stopped.'));
    channel.submitted.length = 0;
    setValue('');
    setRefusal(undefined);
    return pasteBack;
  };
  const submit = () => {
    const text = value.trim();
    if (!text) return;
    setValue('');
    setRefusal(undefined);
    const reader = channel.waiting.shift();
    if (reader) reader.resolve(text);
    else channel.submitted.push(text);
  };
  return { begin, value, setValue, submit, ...(refusal ? { refusal } : {}) };
}

const FIELD_LABEL = 'Pasted address: ';
const SSH_NOTE =
  'Browser on another machine (SSH)? Its redirect to 127.0.0.1 goes to that machine, not to this one, so the page it ends on fails to load. Copy that page’s address from the address bar and paste it below, then press enter.';

export interface AddressLayout {
  /** Rows taken (the address counted as one: the rows the terminal wraps it onto are the app's to leave free). */
  rows: number;
  /** The line naming the copy key; without it the screen names the key in its title. */
  hint: boolean;
  /** The note about SSH. */
  note: boolean;
}

/** What fits in `rows` at `width`: the address, the field and why a paste was refused first, then the copy key's line, then the note. */
export function signInAddressLayout(width: number, rows: number, paste: PasteBackField | undefined): AddressLayout {
  const essential = 1 + (paste ? 1 + (paste.refusal ? wrapText(paste.refusal, width).length : 0) : 0);
  const hint = rows >= essential + 1;
  const noteRows = wrapText(SSH_NOTE, width).length;
  const note = paste !== undefined && rows >= essential + 1 + noteRows;
  return { rows: essential + (hint ? 1 : 0) + (note ? noteRows : 0), hint, note };
}

export function SignInAddress({ url, paste, active, width, layout }: { url?: string; paste?: PasteBackField; active: boolean; width: number; layout: AddressLayout }) {
  const theme = useTheme();
  const copy = useCopyUrl();
  // The field comes first (a paste goes to the field on top): enter hands it over, and while it is
  // empty the copy key copies; once something is typed, its letters are text.
  const command = (chord: Chord): boolean => {
    const action = actionFor(chord, 'sign-in-wait');
    if (action === 'submitPaste' && paste?.value.trim()) paste.submit();
    else if (url && !paste?.value && action === 'copyUrl') copy(url);
    else return false;
    return true;
  };
  return (
    <Box flexDirection="column" flexShrink={0}>
      {url ? <CopyableUrl url={url} active={active && !paste} hint={layout.hint} /> : <Text color={theme.text.secondary}>preparing the address…</Text>}
      {paste && layout.note ? <DialogLine color={theme.text.secondary} text={SSH_NOTE} width={width} /> : null}
      {paste ? (
        <Text wrap="truncate">
          {FIELD_LABEL}
          <TextField value={paste.value} onChange={paste.setValue} focused={active} inOverlay command={command} mask placeholder="the address the browser ended on, then enter" width={Math.max(4, width - textWidth(FIELD_LABEL))} />
        </Text>
      ) : null}
      {paste?.refusal ? <DialogLine color={theme.status.error} text={paste.refusal} width={width} /> : null}
    </Box>
  );
}

const WAITING = 'Approve cmd-tui in the browser. If no browser opened, open the address below yourself.';

/**
 * A screen waiting for a browser sign-in: what to do in a box, then the address and the paste-back
 * field outside it. On a short screen what matters least gives way first: the box around the words,
 * the footer, the note about SSH, the copy key's own line (the title names the key then).
 */
export function SignInWaiting({ url, paste, active, height = Number.POSITIVE_INFINITY, stopping, footerScope }: {
  url?: string;
  paste?: PasteBackField;
  active: boolean;
  height?: number;
  /** How to stop waiting, and what stays. */
  stopping: string;
  footerScope: KeyScope;
}) {
  const theme = useTheme();
  const width = useWindowSize().columns - 1;
  const footerRows = useFooterRows();
  const boxText = [...wrapText(WAITING, width - 4), ...wrapText(stopping, width - 4)];
  const essential = signInAddressLayout(width, 0, paste).rows;
  let left = height - 1 - essential;
  const footer = left >= footerRows;
  if (footer) left -= footerRows;
  const boxed = left >= boxText.length + 2;
  if (boxed) left -= boxText.length + 2;
  const layout = signInAddressLayout(width, essential + left, paste);
  return (
    <Box flexDirection="column" flexGrow={1}>
      {boxed ? (
        <Box flexDirection="column" borderStyle="round" borderColor={theme.ui.border} paddingX={1}>
          <Text bold>Waiting for the browser sign-in</Text>
          <DialogLine text={WAITING} width={width - 4} />
          <DialogLine color={theme.text.secondary} text={stopping} width={width - 4} />
        </Box>
      ) : (
        <Text bold wrap="truncate">
          {layout.hint ? 'Waiting for the browser sign-in (esc stops)' : `Signing in · ${keyLabel(bindingOf('copyUrl'))} copies it · esc stops`}
        </Text>
      )}
      <SignInAddress url={url} {...(paste ? { paste } : {})} active={active} width={width} layout={layout} />
      <Box flexGrow={1} />
      {footer ? <Footer scope={footerScope} /> : null}
    </Box>
  );
}
