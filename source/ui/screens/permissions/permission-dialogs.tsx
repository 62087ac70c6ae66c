/**
 * The permissions editor's questions: the preview before the one PUT (added / removed / flipped),
 * discarding unsaved edits, and the explanation that only a signed-in user can save (with the
 * browser sign-in offered right there), plus the wait for that sign-in. Focus starts on Cancel.
 */
import { Box, useWindowSize } from 'ink';
import { Text } from '../../components/text.js';
import { permissionsScopes } from '../../../auth/scopes.js';
import { describeChange, summarizeChanges, type OverwriteChange } from '../../../discord/overwrite-diff.js';
import { SIGN_IN_NEEDED } from '../../../discord/overwrite-refusals.js';
import { ConfirmDialog } from '../../components/confirm-dialog.js';
import { Footer, useFooterRows } from '../../components/footer.js';
import { SignInAddress, signInAddressLayout, type PasteBackField } from '../../components/sign-in-address.js';
import { bindingOf, keyLabel } from '../../input/key-bindings.js';
import { wrapText } from '../../../terminal/wrap-text.js';
import { useTheme } from '../../theme/theme-context.js';

export function SavePreview(props: { title: string; changes: readonly OverwriteChange[]; counts: string; onSave: () => void; onCancel: () => void }) {
  const theme = useTheme();
  return (
    <ConfirmDialog title={props.title} confirmLabel="Save" danger onConfirm={props.onSave} onCancel={props.onCancel}>
      {props.changes.map((change) => (
        <Text key={`${change.kind}:${change.target.type}:${change.target.id}`} wrap="truncate">
          {'  '}
          {describeChange(change)}
        </Text>
      ))}
      <Text>
        {summarizeChanges(props.changes)} · overwrites {props.counts}
      </Text>
      <Text color={theme.text.secondary} wrap="wrap">
        The guild's commands and overwrites are backed up first; then one request replaces the whole list.
      </Text>
    </ConfirmDialog>
  );
}

/** `quitting`: asked by q or ctrl+c, so confirming also quits the app. */
export function DiscardDialog(props: { what: string; summary: string; quitting: boolean; onDiscard: () => void; onCancel: () => void }) {
  return (
    <ConfirmDialog
      title={props.quitting ? `Discard unsaved changes to ${props.what} and quit?` : `Discard the unsaved changes to ${props.what}?`}
      confirmLabel={props.quitting ? 'Discard and quit' : 'Discard'}
      cancelLabel="Keep editing"
      onConfirm={props.onDiscard}
      onCancel={props.onCancel}
    >
      <Text wrap="wrap">
        Unsaved: {props.summary}. Discord has none of these changes.{props.quitting ? ' ctrl+c again quits.' : ''}
      </Text>
    </ConfirmDialog>
  );
}

/** No usable user token: why (none at all, or `reason`), and the sign-in when this session can start one. */
export function SignInDialog(props: { reason?: string; canSignIn: boolean; onSignIn: () => void; onCancel: () => void }) {
  const theme = useTheme();
  return (
    <ConfirmDialog
      title="Saving overwrites needs a user sign-in with the permissions scope"
      confirmLabel={props.canSignIn ? 'Sign in with the browser' : 'OK'}
      cancelLabel="Keep editing"
      onConfirm={props.canSignIn ? props.onSignIn : props.onCancel}
      onCancel={props.onCancel}
    >
      <Text wrap="wrap">{props.reason ?? SIGN_IN_NEEDED.message}</Text>
      {props.canSignIn ? (
        <Text wrap="wrap">
          Sign in now with the scopes <Text bold>{permissionsScopes()}</Text>: your edits stay here and the save continues right after.
        </Text>
      ) : (
        <Text wrap="wrap">{SIGN_IN_NEEDED.hint}</Text>
      )}
      <Text color={theme.text.secondary} wrap="wrap">
        The signed-in user needs Manage Guild and Manage Roles in this guild.
      </Text>
    </ConfirmDialog>
  );
}

const WAITING = 'Approve cmd-tui in the browser. If no browser opened, open the address below yourself.';
const STOPPING = 'ctrl+c or esc stops waiting; your edits stay.';

/**
 * The address sits outside the box, on a line of its own, so selecting it copies nothing else; under
 * it the field for the address pasted back (SSH). On a short screen what matters least gives way
 * first: the box around the words, the footer, the note about SSH.
 */
export function SigningIn({ url, paste, active = true, height = Number.POSITIVE_INFINITY }: { url?: string; paste?: PasteBackField; active?: boolean; height?: number }) {
  const theme = useTheme();
  const width = useWindowSize().columns - 1;
  const footerRows = useFooterRows();
  const boxText = [...wrapText(WAITING, width - 4), STOPPING];
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
          <Text wrap="wrap">{WAITING}</Text>
          <Text color={theme.text.secondary}>{STOPPING}</Text>
        </Box>
      ) : (
        <Text bold wrap="truncate">
          {layout.hint ? 'Waiting for the browser sign-in (esc stops)' : `Signing in · ${keyLabel(bindingOf('copyUrl'))} copies it · esc stops`}
        </Text>
      )}
      <SignInAddress url={url} {...(paste ? { paste } : {})} active={active} width={width} layout={layout} />
      <Box flexGrow={1} />
      {footer ? <Footer scope="permissions" /> : null}
    </Box>
  );
}
