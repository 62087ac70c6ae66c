/**
 * Right after credentials typed into onboarding connected: offer to store them, so the next start
 * does not ask again. Stored exactly as `cmd-tui auth set-bot-token` / `set-client-credentials` do.
 */
import { ConfirmDialog } from '../../components/confirm-dialog.js';
import { DialogLine } from '../../components/dialog-frame.js';
import { describeError } from '../../format/describe-error.js';
import type { Session } from '../../session/session.js';
import { useAppContext } from '../../state/app-context.js';

export function RememberCredentials({ offer, onClose }: { offer: NonNullable<Session['rememberCredentials']>; onClose: () => void }) {
  const { dispatch } = useAppContext();
  const remember = () => {
    onClose();
    offer.store().then(
      (location) => dispatch({ type: 'flash', text: `Stored ${offer.what} in ${location}: the next start connects without asking.`, tone: 'success' }),
      (error: unknown) =>
        dispatch({ type: 'flash', text: `Could not store ${offer.what}: ${describeError(error).message}. \`${offer.command}\` stores them from the shell.`, tone: 'error' }),
    );
  };
  const decline = () => {
    onClose();
    dispatch({ type: 'flash', text: "Not stored: the next start asks again (or set them in the environment).", tone: 'info' });
  };
  return (
    <ConfirmDialog title={`Connected. Remember ${offer.what} for the next start?`} confirmLabel="Remember" cancelLabel="Not now" onConfirm={remember} onCancel={decline}>
      <DialogLine text={`Stored as \`${offer.command}\` does: in the OS keyring, or else a file only you can read. \`cmd-tui auth logout --all\` forgets what is stored.`} />
    </ConfirmDialog>
  );
}
