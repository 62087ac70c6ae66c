/**
 * Trying a command as a user, for `cmd-tui try` and the TUI's Try screen: asks a `cmd-tui serve`
 * emulator to play Discord's client (each attached file uploaded first, `POST /__emulator/attachments`, as
 * the client uploads before it sends; then `POST /__emulator/interactions`: the values held to the client's
 * rules, the member to who-can-use, the signed interaction delivered to the bot) and reads what the
 * user sees of it so far (`GET /__emulator/interactions/{id}`); then, as the user goes on, presses a
 * button or picks from a select on the bot's message (`POST /__emulator/messages/{id}/components/{custom_id}`)
 * and submits the form the bot opened (`POST /__emulator/interactions/{id}/modal`). The answers are read as untrusted:
 * at most 1 MiB, no redirects, JSON without prototype keys, a view of the expected shape. Every request
 * carries the emulator's control secret (discord/emulator-control.ts), which the door found.
 * Live Discord has no such route — no API lets a user run a command — and LIVE_DISCORD_REFUSAL says so.
 */
import { AnswerTooLargeError, readCapped } from '../discord/read-capped.js';
import { EMULATOR_UPLOADS_LIMIT, formatSize } from '../discord/attachments.js';
import { controlHeaders, controlSecretRefused, type EmulatorControl } from '../discord/emulator-control.js';
import type { FormValue } from '../discord/modal-rules.js';
import { parseStrictObject } from '../discord/strict-json.js';
import type { Remedy } from '../discord/remedy.js';
import type { InteractionView } from './try-reply.js';
import type { LocalFile } from './attachment-files.js';

export type { EmulatorControl } from '../discord/emulator-control.js';

/** Why nobody can try a command against Discord itself: the CLI and the TUI say it in these words. */
export const LIVE_DISCORD_REFUSAL =
  "On Discord, no API lets a user run a command (only Discord's client can, and automating a user account — a self-bot — breaks Discord's terms).";

/** What the emulator takes: the command by name, where and as whom, and the values as typed. */
export interface TryRequest {
  name: string;
  /** Subcommand group and subcommand names. */
  path: readonly string[];
  options: Readonly<Record<string, string>>;
  /** The option being typed in: an autocomplete interaction (type 4) instead of the command. */
  focused?: string;
  guildId?: string;
  userId?: string;
  channelId?: string;
  locale?: string;
  /** ATTACHMENT options: the file the client uploads for each, by option name (attachment-files.ts reads them). */
  attachments?: Readonly<Record<string, LocalFile>>;
}

export type TryStart =
  | { ok: true; id: string; botName: string; user: string; channel: string; interaction: unknown }
  /** `notEmulator`: the server has no try route (not a `cmd-tui serve`); `noBot`: no bot to deliver to (no endpoint URL, none on the gateway). */
  | { ok: false; message: string; problems: string[]; notEmulator?: boolean; noBot?: boolean; remedy?: Remedy };

/** How long one request to the emulator may take unless told (`EmulatorControl.timeoutMs`). */
const DEFAULT_REQUEST_TIMEOUT_MS = 10_000;

/** The emulator's answers are small; anything larger is not the emulator, and is not read into memory. */
const MAX_ANSWER_BYTES = 1024 * 1024;

/**
 * A request to one of the emulator's test-only routes (`path`), with its control secret; its refusal of that
 * secret (or of none) is answered in the door's words (controlSecretRefused), which every caller passes on.
 */
async function getJson(control: EmulatorControl, path: string, init: RequestInit = {}, signal?: AbortSignal): Promise<{ status: number; body: Record<string, unknown>; secretRefused?: true }> {
  const url = `${control.origin}${path}`;
  const timeout = AbortSignal.timeout(control.timeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS);
  const headers = { ...(init.headers as Record<string, string> | undefined), ...controlHeaders(control) };
  const response = await fetch(url, { ...init, headers, redirect: 'error', signal: signal ? AbortSignal.any([signal, timeout]) : timeout });
  let text: string;
  try {
    text = await readCapped({ declaredLength: response.headers.get('content-length'), chunks: response.body, discard: () => response.body?.cancel() }, MAX_ANSWER_BYTES);
  } catch (error) {
    if (!(error instanceof AnswerTooLargeError)) throw error;
    throw new Error(`the answer from ${control.origin} is ${error.size}, more than the emulator ever sends, so it was not read`);
  }
  const body = parseStrictObject(text) ?? {};
  const refused = controlSecretRefused(control, response.status, body.message);
  return refused === undefined ? { status: response.status, body } : { status: response.status, body: { ...body, message: refused }, secretRefused: true };
}

/**
 * Delivers the command (or its autocomplete) through the emulator at `origin`; rejects when it cannot be reached.
 * Its files are uploaded first, one by one, as the client does; a refused upload ends it there, naming the option.
 * The emulator delivers the interaction while it handles the POST, so once the body has gone the bot may
 * have it: `sent`, when given, is called then, and from then on `signal` no longer stops the request — its answer
 * (the interaction's id) is what lets the caller follow what the bot does with it.
 */
export async function startTry(control: EmulatorControl, request: TryRequest, signal?: AbortSignal, sent?: () => void): Promise<TryStart> {
  const { origin } = control;
  const { attachments, ...fields } = request;
  const uploads: Record<string, string> = Object.create(null);
  const total = Object.values(attachments ?? {}).reduce((sum, file) => sum + file.bytes.length, 0);
  if (total > EMULATOR_UPLOADS_LIMIT) {
    return { ok: false, message: `the files are ${formatSize(total)} together, more than the ${formatSize(EMULATOR_UPLOADS_LIMIT)} the emulator holds at once (it would drop the first before the command is sent): attach fewer or smaller files`, problems: [] };
  }
  // A file's bytes go only to a server known to be an emulator: Discord, or a proxy standing in for it, never gets them.
  const known = attachments && Object.keys(attachments).length > 0 ? await isEmulator(control, signal) : true;
  if (known !== true) {
    return known === false ? { ok: false, notEmulator: true, message: `${origin} is not a cmd-tui serve emulator (it has no /__emulator/requests), so no file was sent to it`, problems: [] } : { ok: false, message: known, problems: [] };
  }
  for (const [option, file] of Object.entries(attachments ?? {})) {
    const uploaded = await uploadFile(control, file, signal);
    if (!uploaded.ok) return uploaded.notEmulator ? uploaded : { ...uploaded, message: `option "${option}": ${uploaded.message}` };
    uploads[option] = uploaded.id;
  }
  return deliverThrough(control, '/__emulator/interactions', attachments ? { ...fields, attachments: uploads } : fields, signal, sent);
}

/** What the user does with a component of the bot's message: press a button, or pick a select's values. */
export interface ComponentUse {
  messageId: string;
  customId: string;
  /** A select's values; absent for a button. */
  values?: readonly string[];
}

/** Presses the button (or picks the select's values) through the emulator, which delivers the interaction as `startTry` does. */
export function useComponent(control: EmulatorControl, use: ComponentUse, signal?: AbortSignal, sent?: () => void): Promise<TryStart> {
  const path = `/__emulator/messages/${encodeURIComponent(use.messageId)}/components/${encodeURIComponent(use.customId)}`;
  return deliverThrough(control, path, use.values ? { values: use.values } : {}, signal, sent);
}

/**
 * Submits the form interaction `interactionId` opened, each field's text (a select's values) by its custom_id
 * (one left out keeps what the bot put in it); `files`: a file upload's files by its custom_id, uploaded first as
 * the client uploads them, their ids its values.
 */
export async function submitForm(control: EmulatorControl, interactionId: string, values: Readonly<Record<string, FormValue>>, signal?: AbortSignal, sent?: () => void, files: Readonly<Record<string, readonly LocalFile[]>> = {}): Promise<TryStart> {
  const { origin } = control;
  const all = Object.values(files).flat();
  const total = all.reduce((sum, file) => sum + file.bytes.length, 0);
  if (total > EMULATOR_UPLOADS_LIMIT) return { ok: false, message: `the files are ${formatSize(total)} together, more than the ${formatSize(EMULATOR_UPLOADS_LIMIT)} the emulator holds at once: pick fewer or smaller files`, problems: [] };
  // A file's bytes go only to a server known to be an emulator.
  const known = all.length > 0 ? await isEmulator(control, signal) : true;
  if (known !== true) {
    return known === false ? { ok: false, notEmulator: true, message: `${origin} is not a cmd-tui serve emulator (it has no /__emulator/requests), so no file was sent to it`, problems: [] } : { ok: false, message: known, problems: [] };
  }
  const uploaded: Record<string, FormValue> = Object.create(null);
  for (const [field, chosen] of Object.entries(files)) {
    const ids: string[] = [];
    for (const file of chosen) {
      const upload = await uploadFile(control, file, signal);
      if (!upload.ok) return upload.notEmulator ? upload : { ...upload, message: `field "${field}": ${upload.message}` };
      ids.push(upload.id);
    }
    uploaded[field] = ids;
  }
  return deliverThrough(control, `/__emulator/interactions/${encodeURIComponent(interactionId)}/modal`, { values: { ...values, ...uploaded } }, signal, sent);
}

async function deliverThrough(control: EmulatorControl, path: string, request: unknown, signal?: AbortSignal, sent?: () => void): Promise<TryStart> {
  const { origin } = control;
  const bytes = new TextEncoder().encode(JSON.stringify(request));
  let gone = false;
  const untilSent = new AbortController();
  // Without `sent` (autocomplete: a newer key replaces it) the signal stops the request to the end.
  const stop = () => {
    if (!gone || !sent) untilSent.abort(signal?.reason);
  };
  if (signal?.aborted) stop();
  signal?.addEventListener('abort', stop, { once: true });
  // highWaterMark 0: the body is read only when the request is written to the socket, not ahead of it.
  const body = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        controller.enqueue(bytes);
        controller.close();
        gone = true;
        sent?.();
      },
    },
    { highWaterMark: 0 },
  );
  let started: Awaited<ReturnType<typeof getJson>>;
  try {
    started = await getJson(control, path, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body, duplex: 'half' } as RequestInit, untilSent.signal);
  } finally {
    signal?.removeEventListener('abort', stop);
  }
  if (started.status === 404 && started.body.message === '404: Not Found') {
    return { ok: false, notEmulator: true, message: `${origin} is not a cmd-tui serve emulator (it has no /__emulator/interactions)`, problems: [] };
  }
  if (started.status !== 202) {
    const problems = Array.isArray(started.body.problems) ? started.body.problems.map(String) : [];
    // The emulator always says why it refused; an answer without a message is from another server.
    if (typeof started.body.message !== 'string') return { ok: false, notEmulator: true, message: `HTTP ${started.status} from ${origin}: not a cmd-tui serve emulator`, problems: [] };
    const told = started.body.reason === 'no-bot' ? { noBot: true } : started.body.reason === 'no-command' ? { remedy: { kind: 'list-commands', app: false } as const } : {};
    return { ok: false, message: started.body.message, problems, ...told };
  }
  const { id, botName, user, channel, interaction } = started.body;
  return { ok: true, id: String(id), botName: String(botName), user: String(user), channel: String(channel), interaction };
}

/**
 * Whether `origin` is a cmd-tui emulator: its request log answers, with the header only it sends (nothing of
 * that log is read); or, when it refuses this client (no control secret, or another run's), what it says.
 */
async function isEmulator(control: EmulatorControl, signal?: AbortSignal): Promise<boolean | string> {
  const timeout = AbortSignal.timeout(control.timeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS);
  const response = await fetch(`${control.origin}/__emulator/requests`, { headers: controlHeaders(control), redirect: 'error', signal: signal ? AbortSignal.any([signal, timeout]) : timeout });
  if (response.status !== 403) {
    await response.body?.cancel();
    return response.status === 200 && response.headers.has('x-emulator-total-requests');
  }
  const text = await readCapped({ declaredLength: response.headers.get('content-length'), chunks: response.body, discard: () => response.body?.cancel() }, MAX_ANSWER_BYTES);
  const refusal = parseStrictObject(text)?.message;
  return typeof refusal === 'string' ? (controlSecretRefused(control, response.status, refusal) ?? refusal) : false;
}

/** The client's upload of one file; nothing of the command has left yet, so `signal` stops it. */
async function uploadFile(control: EmulatorControl, file: LocalFile, signal?: AbortSignal): Promise<{ ok: true; id: string } | Extract<TryStart, { ok: false }>> {
  const { origin } = control;
  const answer = await getJson(control, `/__emulator/attachments?filename=${encodeURIComponent(file.filename)}`, { method: 'POST', headers: { 'Content-Type': file.content_type }, body: file.bytes as Uint8Array<ArrayBuffer> }, signal);
  if (answer.status === 201 && typeof answer.body.id === 'string') return { ok: true, id: answer.body.id };
  if (typeof answer.body.message !== 'string' || answer.body.message.startsWith('404')) {
    return { ok: false, notEmulator: true, message: `${origin} cannot take files (HTTP ${answer.status} to POST /__emulator/attachments): it is not a cmd-tui serve emulator, or one older than attachments`, problems: [] };
  }
  return { ok: false, message: answer.body.message, problems: [] };
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isMessage = (value: unknown) => isObject(value) && typeof value.id === 'string' && typeof value.edits === 'number' && Array.isArray(value.embeds) && Array.isArray(value.components);
const isStrings = (value: unknown) => Array.isArray(value) && value.every((one) => typeof one === 'string');
const isSelectPart = (value: unknown) =>
  isObject(value) && typeof value.type === 'number' && typeof value.label === 'string' && typeof value.minValues === 'number' && typeof value.maxValues === 'number' &&
  Array.isArray(value.options) && value.options.every((option) => isObject(option) && typeof option.label === 'string' && typeof option.value === 'string');
const isModalItem = (value: unknown) =>
  isObject(value) &&
  typeof value.id === 'number' &&
  (value.kind === 'text'
    ? typeof value.content === 'string'
    : typeof value.customId === 'string' && typeof value.label === 'string' && typeof value.required === 'boolean' &&
      (value.kind === 'input' ? typeof value.style === 'number' && typeof value.minLength === 'number' && typeof value.maxLength === 'number' && typeof value.value === 'string'
      : value.kind === 'select' ? isSelectPart(value.select) && isStrings(value.defaults)
      : value.kind === 'file' && typeof value.minValues === 'number' && typeof value.maxValues === 'number'));
const isModal = (value: unknown) => isObject(value) && typeof value.customId === 'string' && typeof value.title === 'string' && Array.isArray(value.items) && value.items.every(isModalItem);

/** The interaction's state as the emulator reports it, or undefined for an answer of another shape. */
function interactionView(body: Record<string, unknown>): InteractionView | undefined {
  const { revision, type, acknowledged, failed, original, followups, choices, modal, refused } = body;
  const shaped =
    typeof revision === 'number' &&
    typeof type === 'number' &&
    (body.updates === undefined || typeof body.updates === 'number') &&
    (modal === undefined || isModal(modal)) &&
    (refused === undefined || (Array.isArray(refused) && refused.every((line) => typeof line === 'string'))) &&
    (acknowledged === undefined || typeof acknowledged === 'number') &&
    (failed === undefined || typeof failed === 'string') &&
    (original === undefined || isMessage(original)) &&
    Array.isArray(followups) &&
    followups.every(isMessage) &&
    (choices === undefined || Array.isArray(choices));
  return shaped ? (body as unknown as InteractionView) : undefined;
}

/** What every door says when readInteraction's answer was not an interaction's state: the server is not the emulator. */
export function notAnInteraction(origin: string): string {
  return `${origin} answered with something that is not an interaction's state`;
}

/** The emulator refused the control secret while an interaction was followed (it restarted): not a lost emulator. */
export class ControlSecretRefusedError extends Error {
  override readonly name = 'ControlSecretRefusedError';
}

/**
 * What the user sees of interaction `id` so far; undefined when the answer is not an interaction's state
 * (notAnInteraction). Rejects, saying why, when the emulator refuses the control secret (it restarted).
 */
export async function readInteraction(control: EmulatorControl, id: string, signal?: AbortSignal): Promise<InteractionView | undefined> {
  const { body, secretRefused } = await getJson(control, `/__emulator/interactions/${encodeURIComponent(id)}`, {}, signal);
  if (secretRefused) throw new ControlSecretRefusedError(String(body.message));
  return interactionView(body);
}

/** What every door says when reading the reply failed: a refused secret in its own words, else the emulator lost. */
export function lostWhileWaiting(origin: string, error: unknown): string {
  if (error instanceof ControlSecretRefusedError) return error.message;
  return `lost the emulator at ${origin} while waiting for the reply (${error instanceof Error ? error.message : String(error)})`;
}

const DEFERRED = 5;
const DEFERRED_UPDATE = 6;

/**
 * Whether the bot has given all it is expected to: a reply (a deferred one once edited or followed up),
 * a form, suggestions, or a failure. Follow-ups may still come for 15 minutes; watchers settle on quiet.
 */
/** What the bot deferred and still owes ('reply': "thinking…", 'update': the component's message), or undefined. */
export function deferredOwed(view: InteractionView): 'reply' | 'update' | undefined {
  if (view.failed !== undefined || replyArrived(view)) return undefined;
  return view.acknowledged === DEFERRED ? 'reply' : view.acknowledged === DEFERRED_UPDATE ? 'update' : undefined;
}

export function replyArrived(view: InteractionView): boolean {
  if (view.failed !== undefined) return true;
  if (view.acknowledged === undefined) return false;
  // A deferred update shows nothing until the bot edits the message.
  if (view.acknowledged === DEFERRED_UPDATE) return (view.updates ?? 0) > 0;
  return view.acknowledged !== DEFERRED || (view.original?.edits ?? 0) > 0 || view.followups.length > 0;
}
