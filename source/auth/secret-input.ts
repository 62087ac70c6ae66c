/**
 * Reading a secret without it ever touching argv or the screen: from piped stdin (first line), or
 * from a hidden prompt on a terminal (no echo). Also the reader the paste flow uses, hidden on a terminal too.
 */
import { createInterface } from 'node:readline';
import { SignInError } from './sign-in-error.js';

type Input = NodeJS.ReadableStream & { isTTY?: boolean; setRawMode?: (raw: boolean) => void };

export class SecretInputError extends Error {
  override readonly name = 'SecretInputError';
  constructor(
    message: string,
    readonly hint: string,
  ) {
    super(message);
  }
}

export async function readSecret(input: Input, prompt: NodeJS.WritableStream, question: string): Promise<string> {
  const secret = input.isTTY && input.setRawMode ? await readHidden(input, prompt, question) : await readFirstLine(input);
  if (secret === '') throw new SecretInputError('No secret was given.', 'Pipe it in (e.g. `printenv TOKEN | cmd-tui auth set-bot-token`) or type it at the prompt.');
  return secret;
}

/**
 * Several values read the same way, in order: the first non-empty lines of piped stdin, or one hidden
 * prompt each on a terminal (`auth set-client-credentials`: the client id, then the secret).
 */
export async function readSecrets(input: Input, prompt: NodeJS.WritableStream, questions: readonly string[]): Promise<string[]> {
  if (input.isTTY && input.setRawMode) {
    const answers: string[] = [];
    for (const question of questions) answers.push(await readSecret(input, prompt, question));
    return answers;
  }
  const lines = await readLines(input);
  if (lines.length < questions.length) {
    throw new SecretInputError(`Expected ${questions.length} lines on stdin (${questions.map((question) => question.replace(/ \(.*$|: $/, '')).join(', then ')}), got ${lines.length}.`, 'Pipe them in, one per line, or type them at the prompts.');
  }
  return lines.slice(0, questions.length);
}

async function readLines(input: Input): Promise<string[]> {
  let text = '';
  input.setEncoding?.('utf8');
  for await (const chunk of input) text += String(chunk);
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

async function readFirstLine(input: Input): Promise<string> {
  return (await readLines(input))[0] ?? '';
}

function readHidden(input: Input, prompt: NodeJS.WritableStream, question: string): Promise<string> {
  return hiddenLine(input, prompt, question, () => new SecretInputError('Cancelled.', 'Nothing was stored.')).answer;
}

/**
 * One line typed on a terminal in raw mode, so it is never echoed (nor left in the scrollback):
 * backspace honoured, Ctrl-C (which raw mode turns into a character) rejects with `cancelled()`.
 * `stop` puts the terminal back without an answer (another way in won the race).
 */
function hiddenLine(input: Input, prompt: NodeJS.WritableStream, question: string, cancelled: () => Error): { answer: Promise<string>; stop: () => void } {
  prompt.write(question);
  input.setRawMode!(true);
  input.setEncoding?.('utf8');
  input.resume();
  let stop = () => undefined as void;
  const answer = new Promise<string>((resolve, reject) => {
    let typed = '';
    let done = false;
    const finish = (outcome: () => void) => {
      if (done) return;
      done = true;
      input.setRawMode!(false);
      input.pause();
      input.removeListener('data', onData);
      prompt.write('\n');
      outcome();
    };
    const onData = (chunk: string | Buffer) => {
      for (const char of String(chunk)) {
        if (char === '\r' || char === '\n') return finish(() => resolve(typed.trim()));
        if (char === '\u0003') return finish(() => reject(cancelled()));
        if (char === '\u007f' || char === '\b') typed = typed.slice(0, -1);
        else typed += char;
      }
    };
    stop = () => finish(() => undefined);
    input.on('data', onData);
  });
  return { answer, stop };
}

/** Reads pasted lines one by one: `next` rejects with an `aborted` SignInError at end of input (or Ctrl-C on a terminal). */
export interface PasteReader {
  next: () => Promise<string>;
  close: () => void;
  /** On a terminal the paste is not echoed: it holds a sign-in code. */
  hidden: boolean;
}

/**
 * Successive pasted lines for the paste prompt. On a terminal each is read without echo, as a
 * password prompt is: a redirect address holds a sign-in code, which must not stay in the scrollback.
 */
export function pasteReader(input: Input, prompt: NodeJS.WritableStream): PasteReader {
  if (!(input.isTTY && input.setRawMode)) return { ...lineReader(input), hidden: false };
  let current: ReturnType<typeof hiddenLine> | undefined;
  return {
    hidden: true,
    next: () => {
      current = hiddenLine(input, prompt, '', () => new SignInError('aborted', 'Sign-in stopped (Ctrl-C).'));
      return current.answer;
    },
    close: () => current?.stop(),
  };
}

/** Successive lines of input, for the paste prompt; `next` rejects with an `aborted` SignInError at end of input. */
function lineReader(input: Input): { next: () => Promise<string>; close: () => void } {
  const lines = createInterface({ input, terminal: false });
  const iterator = lines[Symbol.asyncIterator]();
  return {
    next: async () => {
      const next = await iterator.next();
      if (next.done) throw new SignInError('aborted', 'The input ended before a redirect address was pasted.');
      return String(next.value);
    },
    // A reader left open keeps the process alive waiting for input nobody will type.
    close: () => lines.close(),
  };
}
