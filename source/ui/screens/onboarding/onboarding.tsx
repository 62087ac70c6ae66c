/**
 * Shown when no credentials were found: the four ways in, each with one line on what it allows.
 * The point made plain: commands need a bot token or client credentials; a browser sign-in (a user)
 * can only change permission overwrites.
 */
import { Box, useWindowSize } from 'ink';
import { Text } from '../../components/text.js';
import { DialogLine } from '../../components/dialog-frame.js';
import { useRef, type Dispatch } from 'react';
import { Footer } from '../../components/footer.js';
import { SelectList } from '../../components/select-list.js';
import { Spinner } from '../../components/spinner.js';
import { TextField } from '../../components/text-field.js';
import { SignInWaiting, usePasteBack } from '../../components/sign-in-address.js';
import { describeError, errorLine } from '../../format/describe-error.js';
import { snowflake } from '../../../discord/model.js';
import { Priority, useKeyHandler } from '../../input/dispatcher.js';
import { useDisabledKeys } from '../../input/disabled-keys.js';
import { actionFor, bindingsFor, type Action, type DisabledKeys } from '../../input/key-bindings.js';
import type { Session, SessionStarters } from '../../session/session.js';
import { useAppContext } from '../../state/app-context.js';
import { useTheme } from '../../theme/theme-context.js';
import { useOnboardingState, type OnboardingAction, type OnboardingState } from './use-onboarding-state.js';

/** Where no field has focus (the choices), or only one does, the field keys say why they cannot act. */
export function onboardingDisabledKeys(step: string): DisabledKeys {
  if (step === 'choose') {
    const noField = 'no text field here: pick a way to start first (enter).';
    const textKeys = Object.fromEntries(bindingsFor('text').map((binding) => [binding.action, noField]));
    return { ...textKeys, nextField: noField, back: 'these are the ways to start: nothing is before them.' };
  }
  const noChoice = 'the ways to start are behind you: esc goes back to them.';
  return { select: noChoice, ...(step === 'client-credentials' ? {} : { nextField: 'this step has one field.' }) };
}

const CHOICES = [
  { key: 'demo', value: 'demo', label: 'Try the demo — a local Discord emulator with sample commands; nothing leaves this machine' },
  { key: 'bot', value: 'bot', label: 'Use a bot token — list, create, edit and delete commands (Developer Portal › Bot › Token)' },
  { key: 'client', value: 'client', label: 'Use client id + secret — the same, with client credentials instead of a bot user' },
  { key: 'browser', value: 'browser', label: 'Sign in with Discord in the browser — permission overwrites only; a user cannot edit commands' },
];

/** Why onboarding is shown: nothing stored, or stored credentials that could not be used (the status line has the details). */
const HEADLINES = {
  none: 'No credentials found (DISCORD_BOT_TOKEN, or DISCORD_CLIENT_ID + DISCORD_CLIENT_SECRET).',
  refused: 'The credentials found were refused (see the message below): replace them, or start another way.',
  unreachable: 'Could not connect to the API (see the message below), so the credentials found were not checked.',
  keyring: 'No credentials found here, but some may be in the OS keyring, which this session cannot reach (see the message below).',
  other: 'The credentials found could not be used (see the message below).',
} as const;

/** What starts a session from the choices: the demo, typed credentials checked, or the browser sign-in (esc stops its wait). */
function useOnboardingStarts(starters: SessionStarters | undefined, state: OnboardingState, local: Dispatch<OnboardingAction>) {
  const { dispatch } = useAppContext();
  const abort = useRef<AbortController | null>(null);
  // The address pasted back while the browser sign-in waits (a browser on another machine).
  const paste = usePasteBack();
  const start = (label: string, begin: (() => Promise<Session>) | undefined, signal?: AbortSignal) => {
    if (!begin) {
      local({ type: 'failed', message: `${label} is not available in this build. Set DISCORD_BOT_TOKEN and start again.` });
      return;
    }
    local({ type: 'starting', label });
    begin().then(
      (session) => {
        dispatch({ type: 'session-started', session });
        if (session.rememberCredentials) dispatch({ type: 'overlay', overlay: { kind: 'remember-credentials' } });
      },
      // A sign-in the user cancelled with esc is not a failure worth reporting.
      (error: unknown) => signal?.aborted || local({ type: 'failed', message: errorLine(describeError(error)) }),
    );
  };
  /** The typed client id, or undefined after saying what is wrong with it (Discord would only say "malformed"). */
  const typedClientId = (): string | undefined => {
    const id = state.clientId.trim();
    if (snowflake.safeParse(id).success) return id;
    const what = id === '' ? 'The client id is empty' : `The client id "${id}" is not an id`;
    local({ type: 'failed', message: `${what}: paste the Application ID from the Developer Portal (your app → General Information), digits only.` });
    return undefined;
  };
  return {
    paste,
    choose: (value: string) => {
      if (value === 'demo') start('Starting the demo emulator', starters?.demo);
      else if (value === 'bot') local({ type: 'step', step: 'bot-token' });
      else if (value === 'client') local({ type: 'step', step: 'client-credentials' });
      else if (starters?.browserSignIn) local({ type: 'step', step: 'browser-sign-in' });
      else local({ type: 'failed', message: 'Run `cmd-tui auth login` to sign in with the browser, then start cmd-tui again. It only unlocks permission overwrites.' });
    },
    botToken: () => start('Checking the bot token', starters && (() => starters.botToken(state.token.trim()))),
    clientCredentials: () => {
      const clientId = typedClientId();
      if (clientId) start('Checking the client credentials', starters && (() => starters.clientCredentials(clientId, state.clientSecret.trim())));
    },
    browserSignIn: () => {
      const begin = starters?.browserSignIn;
      const applicationId = typedClientId();
      if (!begin || !applicationId) return;
      const controller = new AbortController();
      abort.current = controller;
      start('Waiting for the browser sign-in', () => begin(applicationId, (url) => local({ type: 'sign-in-url', url }), controller.signal, paste.begin()), controller.signal);
    },
    /** Back to the choices, stopping a sign-in that waits. */
    back: () => {
      abort.current?.abort();
      local({ type: 'step', step: 'choose' });
    },
  };
}

/** The keys of a step past the choices: esc back, tab between the client's two fields, enter on to the next field or the start. */
function useOnboardingInput(state: OnboardingState, local: Dispatch<OnboardingAction>, starts: ReturnType<typeof useOnboardingStarts>, disabled: DisabledKeys, active: boolean) {
  useKeyHandler(
    Priority.screen,
    (chord) => {
      const action = actionFor(chord, 'onboarding');
      // The choices' keys are the pick list's; a disabled key goes on to the app's keys, which say why.
      if (state.step === 'choose' || (action && disabled[action] !== undefined)) return false;
      if (action === 'back') starts.back();
      else if (state.starting) return chord !== 'ctrl+c';
      else if (action === 'nextField') local({ type: 'switch-field' });
      else if (action === 'open') {
        if (state.step === 'bot-token') starts.botToken();
        else if (state.step === 'browser-sign-in') starts.browserSignIn();
        else if (!state.secretFocused) local({ type: 'switch-field' });
        else starts.clientCredentials();
      } else return chord !== 'ctrl+c';
      return true;
    },
    // While a sign-in waits for the browser, esc still cancels it.
    active && (!state.starting || state.step === 'browser-sign-in'),
  );
}

/** The step's fields: a bot token, a client id and secret, or the application id to sign in for. */
function StepFields({ state, local, active, width }: { state: OnboardingState; local: Dispatch<OnboardingAction>; active: boolean; width: number }) {
  const theme = useTheme();
  const typing = active && !state.starting;
  const text = (field: 'token' | 'clientId' | 'clientSecret') => (value: string) => local({ type: 'text', field, value });
  return (
    <>
      {state.step === 'bot-token' ? (
        <Text>
          Bot token: <TextField value={state.token} onChange={text('token')} focused={typing} mask placeholder="paste it, then enter" />
        </Text>
      ) : null}
      {state.step === 'client-credentials' ? (
        <>
          <Text>
            Client id: <TextField value={state.clientId} onChange={text('clientId')} focused={typing && !state.secretFocused} />
          </Text>
          <Text>
            Client secret: <TextField value={state.clientSecret} onChange={text('clientSecret')} focused={typing && state.secretFocused} mask />
          </Text>
        </>
      ) : null}
      {state.step === 'browser-sign-in' ? (
        <>
          <Text>
            Application (client) id: <TextField value={state.clientId} onChange={text('clientId')} focused={typing} />
          </Text>
          <DialogLine color={theme.text.secondary} text="Signs you in as a user with applications.commands.permissions.update: overwrites only, never commands." width={width} />
        </>
      ) : null}
      {state.step !== 'choose' ? <DialogLine color={theme.text.secondary} text={`enter continues${state.step === 'client-credentials' ? ' · tab switches field' : ''} · esc goes back`} width={width} /> : null}
    </>
  );
}

export function Onboarding({ starters, height, active }: { starters?: SessionStarters; height: number; active: boolean }) {
  const theme = useTheme();
  const { state: app } = useAppContext();
  const [state, local] = useOnboardingState();
  const starts = useOnboardingStarts(starters, state, local);
  const disabled = onboardingDisabledKeys(state.step);
  // The app's width (one column spare) less the padding.
  const width = useWindowSize().columns - 3;
  useDisabledKeys('onboarding', disabled, active);
  useOnboardingInput(state, local, starts, disabled, active);

  if (state.step === 'browser-sign-in' && state.starting && state.signInUrl) {
    // While the browser sign-in waits, the address and the field for pasting it back take the screen.
    return (
      <Box flexDirection="column" height={height}>
        <SignInWaiting url={state.signInUrl} paste={starts.paste} active={active} height={height} stopping="esc stops waiting and goes back to the ways in." footerScope="onboarding" />
      </Box>
    );
  }
  return (
    <Box flexDirection="column" height={height}>
      <Box flexDirection="column" flexGrow={1} paddingX={1}>
        <Text bold color={theme.text.accent}>
          cmd-tui — see and fix your Discord app's commands
        </Text>
        <DialogLine text={`${HEADLINES[app.start.failure ?? 'none']} How do you want to start?`} width={width} />
        <DialogLine color={theme.text.secondary} text="Commands need a bot token or client credentials. Only a signed-in user can change permission overwrites." width={width} />
        <Box marginTop={1} flexDirection="column">
          {state.step === 'choose' ? <SelectList items={CHOICES} isFocused={active && !state.starting} priority={Priority.textField} onSelect={(item) => starts.choose(item.value)} /> : null}
          <StepFields state={state} local={local} active={active} width={width} />
        </Box>
        {state.starting ? <Spinner label={state.starting} /> : null}
        {state.error ? <DialogLine color={theme.status.error} text={state.error} width={width} /> : null}
      </Box>
      <Footer scope="onboarding" hide={Object.keys(disabled) as Action[]} />
    </Box>
  );
}
