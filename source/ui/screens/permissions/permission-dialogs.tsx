/**
 * The permissions editor's questions: the preview before the one PUT (added / removed / flipped),
 * discarding unsaved edits, and the explanation that only a signed-in user can save (with the
 * browser sign-in offered right there), plus the wait for that sign-in. Focus starts on Cancel.
 */
import { Text } from '../../components/text.js';
import { permissionsScopes } from '../../../auth/scopes.js';
import { describeChange, summarizeChanges, type OverwriteChange } from '../../../discord/overwrite-diff.js';
import { SIGN_IN_NEEDED } from '../../../discord/overwrite-refusals.js';
import { ConfirmDialog } from '../../components/confirm-dialog.js';
import { DialogLine } from '../../components/dialog-frame.js';
import { SignInWaiting, type PasteBackField } from '../../components/sign-in-address.js';
import { useTheme } from '../../theme/theme-context.js';

/** `commandsBackedUp`: the session reads commands, so the backup holds them too (a browser sign-in alone backs up the overwrites only). */
/** `note`: what came before the preview and the status would say, hidden under it (the sign-in, where it was stored). */
export function SavePreview(props: { title: string; changes: readonly OverwriteChange[]; counts: string; commandsBackedUp: boolean; note?: string; onSave: () => void; onCancel: () => void }) {
  const theme = useTheme();
  return (
    <ConfirmDialog title={props.title} confirmLabel="Save" danger onConfirm={props.onSave} onCancel={props.onCancel}>
      {props.note ? (
        <DialogLine color={theme.status.success} text={props.note} />
      ) : null}
      {props.changes.map((change) => (
        <Text key={`${change.kind}:${change.target.type}:${change.target.id}`} wrap="truncate">
          {'  '}
          {describeChange(change)}
        </Text>
      ))}
      <DialogLine text={`${summarizeChanges(props.changes)} · overwrites ${props.counts}`} />
      <DialogLine
        color={theme.text.secondary}
        text={
          props.commandsBackedUp
            ? "The guild's commands and overwrites are backed up first; then one request replaces the whole list."
            : "The guild's overwrites are backed up first (a browser sign-in alone cannot read its commands); then one request replaces the whole list."
        }
      />
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
      <DialogLine text={`Unsaved: ${props.summary}. Discord has none of these changes.${props.quitting ? ' ctrl+c again quits.' : ''}`} />
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
      <DialogLine text={props.reason ?? SIGN_IN_NEEDED.message} />
      {props.canSignIn ? (
        <DialogLine text={['Sign in now with the scopes ', { text: permissionsScopes(), bold: true }, ': your edits stay here and the save continues right after.']} />
      ) : (
        <DialogLine text={SIGN_IN_NEEDED.hint} />
      )}
      <DialogLine color={theme.text.secondary} text="The signed-in user needs Manage Guild and Manage Roles in this guild." />
    </ConfirmDialog>
  );
}

/** The permissions screen's wait for the sign-in a save asked for (the backups screen's too). */
export function SigningIn({ url, paste, active = true, height }: { url?: string; paste?: PasteBackField; active?: boolean; height?: number }) {
  return <SignInWaiting url={url} {...(paste ? { paste } : {})} active={active} {...(height === undefined ? {} : { height })} stopping="ctrl+c or esc stops waiting; your edits stay." footerScope="sign-in-wait" />;
}
