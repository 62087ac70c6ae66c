/** The command exactly as the API returned it, as JSON (read-only; E edits it in $EDITOR). */
import type { Command } from '../../../discord/model.js';
import { useAppContext } from '../../state/app-context.js';
import { PaneScreen } from '../pane-screen.js';

export function RawJson({ command, height, active }: { command: Command; height: number; active: boolean }) {
  const { dispatch } = useAppContext();
  const lines = JSON.stringify(command, null, 2).split('\n').map((text) => ({ text }));
  return (
    <PaneScreen
      scope="json"
      lines={[{ text: `${command.name} — raw JSON as returned by the API`, tone: 'heading' }, ...lines]}
      height={height}
      active={active}
      onAction={(action) => {
        if (action !== 'back') return false;
        dispatch({ type: 'pop' });
        return true;
      }}
    />
  );
}
