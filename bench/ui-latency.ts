/**
 * Child process of ui.bench.ts, run with NODE_ENV=production like the built binary: renders the real
 * app (Ink with the options of source/ui/run-app.tsx, the colour theme) on an in-memory API and a fake
 * 120×40 terminal, then times keys from stdin.write to the terminal write that shows their effect —
 * typing into the description of a maximal command in the editor, and ↓ through a 130-command list.
 * Keys are spaced beyond Ink's 30 fps render throttle, so each one is a first key after a pause, as
 * typed by a person.
 * Then pastes (bracketed, as a terminal sends them) 50 and 5,000 characters into a new command's
 * description, alternately, and types at the end of a 4,000-character description.
 * Prints {keystroke, scroll, paste: {short, long}, longKeystroke}, each {wallMs, cpuMs} per key, as
 * JSON: the process's CPU time per key tells what the key costs apart from other work on a busy machine.
 */
import { createElement } from 'react';
import { render } from 'ink';
import { setTimeout as sleep } from 'node:timers/promises';
import { maximalCommand } from '../test/fixtures/commands.js';
import { FakeApi, fakeSession, makeCommand } from '../test/ui/helpers/fake-api.js';
import { chordBytes } from '../test/ui/helpers/keys.js';
import { FakeStdin, FakeStdout } from '../test/ui/helpers/render.js';
import { App } from '../source/ui/app.js';
import { bindingOf, type Action } from '../source/ui/input/key-bindings.js';
import { colorTheme } from '../source/ui/theme/theme.js';
import { fullGlobalScope } from './full-scope.js';

const KEY_GAP_MS = 50;
const TIMEOUT_MS = 5000;
const ANSI = /\u001b\[[0-9;?]*[A-Za-z]/g;

interface Terminal {
  stdin: FakeStdin;
  /** Terminal writes with ANSI codes removed, each with when it happened. */
  writes: { at: number; text: string }[];
  close(): void;
}

function renderApp(api: FakeApi): Terminal {
  const stdout = new FakeStdout(120, 40);
  const stdin = new FakeStdin();
  const writes: Terminal['writes'] = [];
  const write = stdout.write;
  stdout.write = (frame: string, ...rest: unknown[]) => {
    writes.push({ at: performance.now(), text: String(frame).replace(ANSI, '') });
    return write(frame, ...rest);
  };
  const instance = render(createElement(App, { session: fakeSession(api), theme: colorTheme }), {
    stdout: stdout as unknown as NodeJS.WriteStream,
    stdin: stdin as unknown as NodeJS.ReadStream,
    exitOnCtrlC: false,
    alternateScreen: true,
    patchConsole: false,
  });
  return { stdin, writes, close: () => instance.unmount() };
}

/** Waits until a terminal write from index `from` on satisfies `shows`; returns when it was written. */
async function writeShowing(terminal: Terminal, from: number, shows: (text: string) => boolean): Promise<number> {
  const started = performance.now();
  for (let index = from; ; ) {
    for (; index < terminal.writes.length; index += 1) if (shows(terminal.writes[index]!.text)) return terminal.writes[index]!.at;
    if (performance.now() - started > TIMEOUT_MS) throw new Error(`no frame within ${TIMEOUT_MS} ms; last writes:\n${terminal.writes.slice(-3).map((w) => JSON.stringify(w.text.slice(0, 3000))).join('\n')}`);
    await new Promise((resolve) => setImmediate(resolve));
  }
}

interface KeyTimes {
  wallMs: number[];
  cpuMs: number[];
}

/** Sends `bytes` after a pause and records the ms until a write satisfying `shows`, and the CPU time spent meanwhile. */
async function timeKey(terminal: Terminal, bytes: string, shows: (text: string) => boolean, into?: KeyTimes): Promise<void> {
  await sleep(KEY_GAP_MS);
  const from = terminal.writes.length;
  const cpuBefore = process.cpuUsage();
  const sentAt = performance.now();
  terminal.stdin.write(bytes);
  const wallMs = (await writeShowing(terminal, from, shows)) - sentAt;
  const cpu = process.cpuUsage(cpuBefore);
  into?.wallMs.push(wallMs);
  into?.cpuMs.push((cpu.user + cpu.system) / 1000);
}

const keyOf = (action: Action) => chordBytes(bindingOf(action).keys[0] ?? '');

/** Alternately deletes the description's last character and types a new one: it stays valid at 100 characters. */
async function timeEditorKeystrokes(count: number): Promise<KeyTimes> {
  const maximal = makeCommand({ ...maximalCommand(), name: maximalCommand().name });
  const terminal = renderApp(new FakeApi([maximal]));
  try {
    await writeShowing(terminal, 0, (text) => text.includes('▸'));
    await timeKey(terminal, keyOf('edit'), (text) => text.includes(`Edit ${maximal.name}`));
    let description = maximal.description;
    // Past the name's translations, which sit under it.
    let focused = '';
    while (!focused.startsWith('▸ description:')) {
      await timeKey(terminal, keyOf('nextField'), (text) => {
        focused = text.split('\n').find((line) => line.startsWith('▸')) ?? '';
        return focused !== '';
      });
    }
    const samples: KeyTimes = { wallMs: [], cpuMs: [] };
    for (let i = 0; i < count; i += 1) {
      const deleting = i % 2 === 0;
      description = deleting ? description.slice(0, -1) : description + String.fromCharCode(65 + (i % 26));
      const shown = `▸ description: ${description}`;
      await timeKey(terminal, deleting ? chordBytes('backspace') : description.at(-1)!, (text) => text.split('\n').some((line) => line.trimEnd() === shown), samples);
    }
    return samples;
  } finally {
    terminal.close();
  }
}

async function timeScrolling(count: number): Promise<KeyTimes> {
  const terminal = renderApp(new FakeApi(fullGlobalScope().map((draft) => makeCommand({ ...draft, name: draft.name }))));
  const selectedRow = (text: string) => text.split('\n').find((line) => line.includes('▸'));
  try {
    const first = await writeShowing(terminal, 0, (text) => selectedRow(text) !== undefined);
    let selected = selectedRow(terminal.writes.find((write) => write.at === first)!.text);
    const samples: KeyTimes = { wallMs: [], cpuMs: [] };
    for (let i = 0; i < count; i += 1) {
      await timeKey(terminal, keyOf('down'), (text) => {
        const row = selectedRow(text);
        if (row === undefined || row === selected) return false;
        selected = row;
        return true;
      }, samples);
    }
    return samples;
  } finally {
    terminal.close();
  }
}

const descriptionRow = (text: string) => text.split('\n').find((line) => line.includes('▸ description:'))?.trimEnd() ?? '';
const pasted = (text: string) => `\u001b[200~${text}\u001b[201~`;

/** A new command's description, focused. */
async function newDescription(): Promise<Terminal> {
  const terminal = renderApp(new FakeApi([]));
  await writeShowing(terminal, 0, (text) => text.includes('No commands'));
  await timeKey(terminal, keyOf('new'), (text) => text.includes('New command'));
  await timeKey(terminal, keyOf('nextField'), (text) => descriptionRow(text) !== '');
  return terminal;
}

/** Pastes of `short` and `long` characters, alternately, each into an emptied description. */
async function timePastes(rounds: number, short: number, long: number): Promise<{ short: KeyTimes; long: KeyTimes }> {
  const terminal = await newDescription();
  const times = { short: { wallMs: [], cpuMs: [] } as KeyTimes, long: { wallMs: [], cpuMs: [] } as KeyTimes };
  try {
    for (let i = 0; i < rounds * 2; i += 1) {
      const length = i % 2 === 0 ? short : long;
      const end = `END${i}`;
      await timeKey(terminal, pasted(`${'p'.repeat(length - end.length)}${end}`), (text) => descriptionRow(text).endsWith(end), i % 2 === 0 ? times.short : times.long);
      await timeKey(terminal, chordBytes(bindingOf('deleteToStart').keys[0] ?? ''), (text) => descriptionRow(text) !== '' && !descriptionRow(text).includes(end));
    }
    return times;
  } finally {
    terminal.close();
  }
}

/** Keys typed and deleted at the end of a description of `length` characters. */
async function timeLongKeystrokes(count: number, length: number): Promise<KeyTimes> {
  const terminal = await newDescription();
  try {
    let description = `${'q'.repeat(length - 3)}end`;
    await timeKey(terminal, pasted(description), (text) => descriptionRow(text).endsWith('end'));
    const samples: KeyTimes = { wallMs: [], cpuMs: [] };
    for (let i = 0; i < count; i += 1) {
      const deleting = i % 2 === 1;
      description = deleting ? description.slice(0, -1) : description + String.fromCharCode(65 + (i % 26));
      const tail = description.slice(-20);
      await timeKey(terminal, deleting ? chordBytes('backspace') : description.at(-1)!, (text) => descriptionRow(text).endsWith(tail), samples);
    }
    return samples;
  } finally {
    terminal.close();
  }
}

const keystroke = await timeEditorKeystrokes(Number(process.argv[2] ?? 100));
const scroll = await timeScrolling(Number(process.argv[3] ?? 100));
const paste = await timePastes(10, 50, 5000);
const longKeystroke = await timeLongKeystrokes(Number(process.argv[2] ?? 100), 4000);
process.stdout.write(`${JSON.stringify({ keystroke, scroll, paste, longKeystroke })}\n`);
process.exit(0);
