/**
 * `t` on a command: try it as a member would, against the emulator, which plays Discord's client and
 * delivers the interaction to the bot. The form (try-form.ts) is laid out as the client lays out the
 * command; enter on a row picks its value (a FilterPicker over the guild's members, roles, channels,
 * the command's choices or the bot's suggestions), typing fills a text option, and ctrl+s (or enter
 * on a text option or on Send) sends it. The reply's buttons and selects follow Send in the focus order:
 * enter presses a button or opens a select's menu (select-choices.ts); a form the bot opens comes up over
 * the screen (form-dialog.tsx). Against live Discord (or a server that cannot play the client) it says
 * why nobody can, and offers the same form on an emulator here (try-on-emulator.tsx), which also shows,
 * above the demo's form, how to connect a bot.
 */
import { Box } from 'ink';
import { useState } from 'react';
import { isLiveDiscord } from '../../../api/target.js';
import { LIVE_DISCORD_REFUSAL } from '../../../operations/try-command.js';
import { Footer } from '../../components/footer.js';
import { Text } from '../../components/text.js';
import { Priority, useKeyHandler } from '../../input/dispatcher.js';
import { actionFor, type Action } from '../../input/key-bindings.js';
import { useAppContext } from '../../state/app-context.js';
import { useTheme } from '../../theme/theme-context.js';
import type { TypedValues } from './use-try-state.js';
import { EmulatorDetails, noBotText, TryOnEmulatorScreen, type FitUnderDetails, type TryScreenProps } from './try-on-emulator.js';
import { TryForm } from './try-form-screen.js';

const DEMO_NOTE = "The demo's emulator runs inside cmd-tui; to have your bot answer here, point it at these:";

export function TryScreen(props: TryScreenProps) {
  const { state } = useAppContext();
  // What a server that turned out not to play Discord's client answered (it is Discord, or stands in for it), and what was typed there.
  const [notEmulator, setNotEmulator] = useState<{ message: string; typed: TypedValues }>();
  const session = state.session;
  if ((props.command.type ?? 1) !== 1) {
    return <TryNotHere {...props} lines={['Only slash commands are typed in; user and message commands run from a right-click menu, which the emulator does not play yet.']} />;
  }
  if (!session) return null;
  const live = isLiveDiscord(session.api.baseUrl);
  const { forTry, own: demo, control: serving } = session.emulators;
  if (forTry && (live || notEmulator !== undefined || forTry.running())) {
    const reason = notEmulator === undefined || live ? LIVE_DISCORD_REFUSAL : `${notEmulator.message}: it cannot play Discord's client. ${LIVE_DISCORD_REFUSAL}`;
    return <TryOnEmulatorScreen {...props} reason={reason} form={(fit, active, control, interactionsUrl) => <TryForm {...props} fit={fit} active={active} control={control} noBot={noBotText(false)} interactionsUrl={interactionsUrl} {...(notEmulator ? { typed: notEmulator.typed } : {})} />} />;
  }
  if (live) return <TryNotHere {...props} lines={[LIVE_DISCORD_REFUSAL]} />;
  const control = demo?.control ?? serving ?? { origin: new URL(session.api.baseUrl).origin, door: 'tui' as const };
  const form = (fit: FitUnderDetails | undefined, active: boolean, interactionsUrl?: string | null) => (
    <TryForm {...props} active={active} control={control} onNotEmulator={(message, typed) => setNotEmulator({ message, typed })} {...(fit ? { fit } : {})} {...(demo ? { noBot: noBotText(true), interactionsUrl: interactionsUrl ?? null } : {})} />
  );
  return demo ? <EmulatorDetails endpoint={demo} notes={[DEMO_NOTE]} {...props}>{form}</EmulatorDetails> : form(undefined, props.active);
}

/** Every key but the way back and help does nothing here. */
const NOT_HERE_HIDDEN: readonly Action[] = ['nextField', 'prevField', 'activate', 'send'];

function TryNotHere({ command, active, lines }: TryScreenProps & { lines: readonly string[] }) {
  const theme = useTheme();
  const { dispatch } = useAppContext();
  useKeyHandler(Priority.screen, (chord) => {
    if (actionFor(chord, 'try') !== 'back') return false;
    dispatch({ type: 'pop' });
    return true;
  }, active);
  return (
    <Box flexDirection="column" flexGrow={1}>
      <Text bold>Try /{command.name}</Text>
      <Box flexDirection="column" flexGrow={1}>
        {lines.map((line, index) => (
          <Text key={index} color={index === 0 ? theme.status.warning : undefined}>{line}</Text>
        ))}
      </Box>
      <Footer scope="try" hide={NOT_HERE_HIDDEN} />
    </Box>
  );
}
