/**
 * The Try screen's two conversations with the emulator (operations/try-command.ts), both through the
 * request runner so the spinner shows them and ctrl+c cancels them:
 * - send: a write. ctrl+c before the command has left cancels it; once it has left the bot may have it,
 *   so it cannot be recalled: the runner says it was sent, and the interaction is followed all the same.
 *   Then what the user sees is read until the bot has said all it will (a reply, "thinking…" then its
 *   edit, follow-ups while they keep coming, or Discord's "The application did not respond"), shown as
 *   the client shows it (operations/try-reply.ts). That watch is a read of the runner: ctrl+c stops
 *   waiting (the screen says the bot may still answer) without quitting; a newer send replaces it.
 * - press / submit: a button pressed (or a select's values picked) on the bot's message, a form submitted —
 *   writes like send, whose interactions join the conversation and are followed the same way.
 * - autocomplete: an interaction of type 4 for the option being typed in, a moment after the last key
 *   as the client waits; a newer one supersedes the one in flight (the runner aborts it), and the
 *   bot's choices are held to the client's rules (try-form.ts validChoices).
 */
import { useCallback, useEffect, useMemo, useRef, type Dispatch } from 'react';
import type { CommandOption } from '../../../discord/model.js';
import { lostWhileWaiting, notAnInteraction, readInteraction, replyArrived, startTry, submitForm, useComponent, type ComponentUse, type EmulatorControl, type TryRequest, type TryStart } from '../../../operations/try-command.js';
import { AttachmentFileError, readAttachmentFiles, type LocalFile } from '../../../operations/attachment-files.js';
import type { FormValue } from '../../../discord/modal-rules.js';
import type { InteractionView } from '../../../operations/try-reply.js';
import { capitalized } from '../../../discord/sentence.js';
import { describeError, errorLine } from '../../format/describe-error.js';
import { useAppContext } from '../../state/app-context.js';
import { validChoices, type FormRequest } from './try-form.js';
import type { TryAction } from './use-try-state.js';

const POLL_MS = 150;
/** After the reply, how long the bot stays quiet before follow-ups are no longer waited for. */
const SETTLE_MS = 1500;
/** An interaction token lives 15 minutes: nothing can come later. */
const TOKEN_LIFETIME_MS = 15 * 60 * 1000;
const AUTOCOMPLETE_RESULT = 8;
const AUTOCOMPLETE_LABEL = 'Asking the bot for suggestions';

function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => { clearTimeout(timer); resolve(); }, { once: true });
  });
}

export interface TryDelivery {
  send(request: FormRequest): void;
  autocomplete(request: FormRequest, option: CommandOption): void;
  /** `what`: what is sent, for the spinner ("[Add one]"); `done`: what the user did, in the conversation ("pressed [Add one]"). */
  press(use: ComponentUse, what: string, done: string): void;
  /** `files`: a file upload's paths by its custom_id, read and uploaded first. */
  submit(interactionId: string, values: Readonly<Record<string, FormValue>>, what: string, done: string, files?: Readonly<Record<string, readonly string[]>>): void;
}

/** Where a typed path is: a `~/` path is the home folder's. */
async function locator(): Promise<(path: string) => string> {
  const { homedir } = await import('node:os');
  return (path) => path.replace(/^~(?=\/)/, homedir());
}

/** The request with its files read as the client uploads them. */
async function withUploads({ files, ...request }: FormRequest): Promise<TryRequest> {
  if (!files) return request;
  return { ...request, attachments: await readAttachmentFiles(files, await locator()) };
}

/** A form's file uploads read as the client uploads them: each field's files, in the order given. */
async function formFiles(files: Readonly<Record<string, readonly string[]>>): Promise<Record<string, LocalFile[]>> {
  const locate = await locator();
  const read: Record<string, LocalFile[]> = Object.create(null);
  for (const [field, paths] of Object.entries(files)) {
    try {
      read[field] = Object.values(await readAttachmentFiles(Object.fromEntries(paths.map((path, index) => [String(index), path])), locate));
    } catch (error) {
      if (error instanceof AttachmentFileError) throw new Error(`field "${field}": ${error.reason}`);
      throw error;
    }
  }
  return read;
}

/**
 * What the screen says in the emulator's place: `noBot`, when there is no bot to deliver to (where the
 * emulator runs in this process, how to connect one here); `notEmulator`, told instead of a refusal when
 * the server cannot play Discord's client at all (the screen then offers an emulator).
 */
export interface TryDeliveryWords {
  noBot?: string;
  notEmulator?: (message: string) => void;
}

/**
 * Reads what the user sees of interaction `id` until the bot has said all it will (a reply, "thinking…"
 * then its edit, follow-ups while they keep coming, or a failure), each state dispatched as it changes.
 */
async function followInteraction(control: EmulatorControl, id: string, heading: string, botName: string, signal: AbortSignal, dispatch: Dispatch<TryAction>): Promise<void> {
  const refused = (message: string) => dispatch({ type: 'step-refused', message, problems: [] });
  let revision = -1;
  let quietSince = Date.now();
  const deadline = Date.now() + TOKEN_LIFETIME_MS;
  while (!signal.aborted) {
    let view: InteractionView | undefined;
    try {
      view = await readInteraction(control, id, signal);
    } catch (error) {
      if (signal.aborted) return;
      refused(`${capitalized(lostWhileWaiting(control.origin, error))}.`);
      return;
    }
    if (!view) {
      refused(`${notAnInteraction(control.origin)}.`);
      return;
    }
    const arrived = replyArrived(view);
    if (view.revision !== revision) {
      revision = view.revision;
      quietSince = Date.now();
    }
    const expired = Date.now() > deadline;
    const settled = view.failed !== undefined || (arrived && Date.now() - quietSince >= SETTLE_MS) || expired;
    // The token has expired with no reply: nothing can come now, and the client says so (as cmd-tui try does).
    dispatch({ type: 'exchange', exchange: { id, heading, botName, view, ...(expired ? { expired: true } : {}) }, waiting: !settled });
    if (settled) return;
    await pause(POLL_MS, signal);
  }
}

/** The bot's suggestions for `option`: an autocomplete interaction, read until the bot answers it (or says why not). */
async function askSuggestions(control: EmulatorControl, request: TryRequest, option: CommandOption, signal: AbortSignal, refusal: (started: Extract<TryStart, { ok: false }>) => string) {
  const started = await startTry(control, request, signal);
  const nothing = (problems: string[]) => ({ choices: [], problems });
  if (!started.ok) return nothing([refusal(started), ...started.problems]);
  for (;;) {
    const view = await readInteraction(control, started.id, signal);
    if (!view) return nothing([`${notAnInteraction(control.origin)}.`]);
    if (view.failed !== undefined) return nothing([`${started.botName} suggested nothing: ${view.failed}`]);
    if (view.acknowledged === AUTOCOMPLETE_RESULT) return validChoices(option, view.choices ?? []);
    await pause(POLL_MS, signal);
  }
}

/**
 * The reply being watched, through the runner (a read: ctrl+c stops waiting, not the bot): a new send,
 * or leaving the screen, stops the watch; a send answered after the screen was left starts none.
 */
function useReplyWatch(control: EmulatorControl, dispatch: Dispatch<TryAction>) {
  const { flows } = useAppContext();
  const runner = flows.runner;
  const watch = useRef<AbortController | undefined>(undefined);
  const left = useRef(false);
  useEffect(() => {
    left.current = false;
    return () => {
      left.current = true;
      watch.current?.abort();
    };
  }, []);
  const watchReply = useCallback(
    (started: Extract<TryStart, { ok: true }>, what: string, heading: string) => {
      watch.current?.abort();
      const controller = new AbortController();
      watch.current = controller;
      dispatch({ type: 'exchange', exchange: { id: started.id, heading, botName: started.botName }, waiting: true });
      void runner
        .run(`Waiting for ${started.botName} to answer ${what}`, (signal) => followInteraction(control, started.id, heading, started.botName, AbortSignal.any([signal, controller.signal]), dispatch))
        .then((result) => {
          // ctrl+c stopped the wait, not the bot: what it does next is not shown.
          if (!result.ok && result.cancelled && !result.superseded && !controller.signal.aborted) dispatch({ type: 'stop-waiting' });
        });
    },
    [runner, dispatch, control],
  );
  const stop = useCallback(() => watch.current?.abort(), []);
  const hasLeft = useCallback(() => left.current, []);
  return { watchReply, stop, left: hasLeft };
}

export function useTryDelivery(where: EmulatorControl, dispatch: Dispatch<TryAction>, words: TryDeliveryWords = {}): TryDelivery {
  const { origin, secret, secretFrom, door } = where;
  // One value while the emulator stays the same, whatever object the screen passes each render.
  const control = useMemo<EmulatorControl>(() => ({ origin, ...(secret === undefined ? {} : { secret }), ...(secretFrom ? { secretFrom } : {}), ...(door ? { door } : {}) }), [origin, secret, secretFrom, door]);
  const refusal = (started: Extract<TryStart, { ok: false }>) => (started.noBot && words.noBot ? words.noBot : started.message);
  const { flows } = useAppContext();
  const runner = flows.runner;
  const { watchReply, stop, left } = useReplyWatch(control, dispatch);

  // The newest send: an older one answered later does not take the screen from it.
  const latestSend = useRef(0);

  /**
   * One write to the emulator that delivers an interaction (`what` names it), then its watch. A command
   * starts the conversation again; a press or a submit joins it (`heading` from what the emulator answers).
   */
  const deliver = useCallback(
    (what: string, start: (signal: AbortSignal, sent: () => void) => Promise<TryStart>, heading: (started: Extract<TryStart, { ok: true }>) => string, fresh: boolean) => {
      stop();
      const mine = ++latestSend.current;
      if (fresh) dispatch({ type: 'reply', reply: undefined });
      const refused = (message: string, problems: string[]) =>
        dispatch(fresh ? { type: 'reply', reply: { status: 'refused', message, problems } } : { type: 'step-refused', message, problems });
      // A write: once it has left, ctrl+c cannot recall it and its outcome is still told.
      void runner.run(`Sending ${what} to the bot`, start, { kind: 'write' }).then((result) => {
        if (mine !== latestSend.current || left()) return;
        if (!result.ok) {
          if (!result.cancelled) refused(`Could not reach the emulator at ${origin}: ${errorLine(describeError(result.error))}`, []);
          return;
        }
        const started = result.value;
        if (started.ok) watchReply(started, what, heading(started));
        else if (started.notEmulator && words.notEmulator) words.notEmulator(started.message);
        else refused(refusal(started), started.problems);
      });
    },
    [control, origin, runner, dispatch, watchReply, stop, left, words.noBot, words.notEmulator],
  );

  const send = useCallback(
    (request: FormRequest) => {
      const command = `/${[request.name, ...request.path].join(' ')}`;
      const start = async (signal: AbortSignal, sent: () => void): Promise<TryStart> => {
        let uploaded: TryRequest;
        try {
          uploaded = await withUploads(request);
        } catch (error) {
          return { ok: false, message: (error as Error).message, problems: [] };
        }
        return startTry(control, uploaded, signal, sent);
      };
      deliver(command, start, (started) => `${command} as ${started.user} in ${started.channel}`, true);
    },
    [control, deliver],
  );

  const press = useCallback(
    (use: ComponentUse, what: string, done: string) => deliver(what, (signal, sent) => useComponent(control, use, signal, sent), () => `▸ ${done}`, false),
    [control, deliver],
  );

  const submit = useCallback(
    (interactionId: string, values: Readonly<Record<string, FormValue>>, what: string, done: string, files: Readonly<Record<string, readonly string[]>> = {}) =>
      deliver(
        what,
        async (signal, sent) => {
          let read: Record<string, LocalFile[]>;
          try {
            read = await formFiles(files);
          } catch (error) {
            return { ok: false, message: (error as Error).message, problems: [] };
          }
          return submitForm(control, interactionId, values, signal, sent, read);
        },
        () => `▸ ${done}`,
        false,
      ),
    [control, deliver],
  );

  const autocomplete = useCallback(
    (request: FormRequest, option: CommandOption) => {
      const text = request.options[option.name] ?? '';
      // The client uploads files with the command only: its autocomplete goes without them.
      const { files: _files, ...typed } = request;
      void runner
        .run(AUTOCOMPLETE_LABEL, (signal) => askSuggestions(control, typed, option, signal, refusal))
        .then((result) => {
          // A newer key's request replaced this one: it reports.
          if (!result.ok && result.cancelled) return;
          const found = result.ok ? result.value : { choices: [], problems: [`Could not ask the bot: ${errorLine(describeError(result.error))}`] };
          dispatch({ type: 'suggestions', suggestions: { option: option.name, text, ...found } });
        });
    },
    [control, runner, dispatch, words.noBot],
  );

  return { send, autocomplete, press, submit };
}
