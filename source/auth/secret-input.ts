/**
 * Reading a secret without it ever touching argv or the screen: from piped stdin (first line), or
 * from a hidden prompt on a terminal (no echo). Also the line reader the paste flow uses.
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
  prompt.write(question);
  input.setRawMode!(true);
  input.setEncoding?.('utf8');
  input.resume();
  return new Promise((resolve, reject) => {
    let typed = '';
    const finish = (outcome: () => void) => {
      input.setRawMode!(false);
      input.pause();
      input.removeListener('data', onData);
      prompt.write('\n');
      outcome();
    };
    const onData = (chunk: string | Buffer) => {
      for (const char of String(chunk)) {
        if (char === '\r' || char === '\n') return finish(() => resolve(typed.trim()));
        if (char === '\u0003') return finish(() => reject(new SecretInputError('Cancelled.', 'Nothing was stored.')));
        if (char === '\u007f' || char === '\b') typed = typed.slice(0, -1);
        else typed += char;
      }
    };
    input.on('data', onData);
  });
}

/** Successive lines of input, for the paste prompt; `next` rejects with an `aborted` SignInError at end of input. */
export function lineReader(input: Input): { next: () => Promise<string>; close: () => void } {
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
