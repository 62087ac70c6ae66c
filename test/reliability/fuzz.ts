/**
 * Fuzz (issue 18): generated files — JSON of any shape, command lists with hostile strings and broken
 * fields, raw bytes, UTF-16, truncations, backups hand-edited or forged — through the commands that
 * read a file (`validate`, `plan`, `apply`, `restore`), in-process through the same entry points as
 * the binary, against an emulator; and the same content served by a look-alike server as the global
 * command list that `copy` copies into a guild. Each run must end with a documented exit code, never throw (the
 * binary would print a stack trace) and never hang (5 s). Seeded: the same seed makes the same files.
 * `npm test` runs a few hundred, `npm run soak` 10,000.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import fc from 'fast-check';
import { serializeBackup, type ScopeBackup } from '../../source/discord/backup-format.js';
import { EXIT_CODES } from '../../source/commands/types.js';
import { startEmulator } from '../../source/emulator/server.js';
import { runCommand } from '../commands/run-command.js';
import { isolatedHome } from '../helpers/credentials.js';
import { HOSTILE_APP, startHostileServer } from '../helpers/hostile-server.js';

export const DOCUMENTED_EXIT_CODES = new Set(EXIT_CODES.map(([code]) => code));
export const HANG_MS = 5_000;

/** Escape sequences a server or a file could try to smuggle to the terminal, and text that is merely odd. */
export const HOSTILE_STRINGS = [
  'x\u001b]0;pwned\u0007\u001b[2J',
  '\u001b]52;c;ZXZpbA==\u0007',
  '\u001b]8;;https://evil.example\u001b\\link\u001b]8;;\u001b\\',
  '\u009b31m\u202egnp.exe',
  '\u0000\u0001\u007f',
  '\u2066isolate\u2069',
  '\ud800',
  'ping\r\ngone',
  '__proto__',
  'constructor',
  'a'.repeat(10_000),
  '🎉'.repeat(40),
];

const hostileString = fc.oneof(fc.constantFrom(...HOSTILE_STRINGS), fc.string({ unit: 'binary', maxLength: 40 }), fc.string({ maxLength: 120 }));
/** A command as a bot would write one, with any field possibly broken or hostile. */
const commandish = fc.record(
  {
    name: fc.oneof(fc.stringMatching(/^[a-z][a-z0-9_-]{0,31}$/), hostileString),
    description: fc.oneof(fc.string({ minLength: 1, maxLength: 100 }), hostileString),
    type: fc.oneof(fc.constantFrom(1, 2, 3), fc.integer(), fc.constant('1')),
    options: fc.array(fc.record({ type: fc.integer({ min: -1, max: 12 }), name: hostileString, description: hostileString, required: fc.boolean() }, { requiredKeys: ['type', 'name'] }), { maxLength: 30 }),
    default_member_permissions: fc.oneof(fc.constant(null), fc.string({ maxLength: 25 }), fc.integer()),
    name_localizations: fc.dictionary(fc.oneof(fc.constantFrom('fr', 'de', 'ja'), hostileString), hostileString, { maxKeys: 4 }),
    contexts: fc.array(fc.integer({ min: -1, max: 3 }), { maxLength: 4 }),
  },
  { requiredKeys: [] },
);

/** `copy` reads no file: its generated "file" is what a server answers as the global command list. */
export type FuzzCommand = 'validate' | 'plan' | 'apply' | 'restore' | 'copy';

/** The file shapes; each case draws one, then the command that reads it. */
function fileShapes(applicationId: string, guildId: string): fc.Arbitrary<GeneratedFile> {
  const commands = fc.array(commandish, { maxLength: 12 });
  const backupOf = (list: unknown[]): ScopeBackup =>
    ({ format: 'cmd-tui/scope-backup', version: 1, createdAt: '2026-11-25T12:00:00.000Z', reason: 'fuzz', applicationId, scope: { kind: 'guild', guildId }, commands: list, permissions: [] }) as unknown as ScopeBackup;
  // Lists Discord would take (so plan and apply get as far as sending), one in four with a hostile description.
  const valid = fc.uniqueArray(
    fc.record({ name: fc.stringMatching(/^[a-z][a-z0-9_-]{0,31}$/), description: fc.oneof(fc.constant('A command'), fc.string({ minLength: 1, maxLength: 100 }), hostileString), type: fc.constant(1) }),
    { maxLength: 6, selector: (command) => command.name },
  );
  return fc.oneof(
    valid.map((list) => ({ kind: 'valid-looking list', content: JSON.stringify(list), backup: false })),
    // As Discord answers a list: ids, versions and the guild filled in (what a backup holds).
    valid.map((list) => ({
      kind: 'valid-looking backup',
      content: serializeBackup(backupOf(list.map((command, index) => ({ ...command, id: String(1_300_000_000_000_000_000n + BigInt(index)), application_id: applicationId, version: '1300000000000000000', guild_id: guildId, default_member_permissions: null })))),
      backup: true,
    })),
    commands.map((list) => ({ kind: 'command list', content: JSON.stringify(list), backup: false })),
    commandish.map((command) => ({ kind: 'one command', content: JSON.stringify(command), backup: false })),
    fc.jsonValue({ maxDepth: 6 }).map((value) => ({ kind: 'any JSON', content: JSON.stringify(value) ?? 'null', backup: false })),
    fc.uint8Array({ maxLength: 400 }).map((bytes) => ({ kind: 'raw bytes', content: bytes, backup: false })),
    commands.map((list) => ({ kind: 'UTF-16', content: Buffer.from(`\ufeff${JSON.stringify(list)}`, 'utf16le'), backup: false })),
    fc.tuple(commands, fc.nat()).map(([list, cut]) => {
      const text = JSON.stringify(list);
      return { kind: 'truncated', content: text.slice(0, cut % (text.length + 1)), backup: false };
    }),
    fc.integer({ min: 1, max: 3000 }).map((depth) => ({ kind: 'deep', content: `${'['.repeat(depth)}${']'.repeat(depth)}`, backup: false })),
    // Backups: forged with any commands (a valid checksum), or a real one edited by hand or cut short.
    commands.map((list) => ({ kind: 'forged backup', content: serializeBackup(backupOf(list)), backup: true })),
    fc.tuple(commands, fc.nat(), fc.integer({ min: 32, max: 126 })).map(([list, at, byte]) => {
      const text = serializeBackup(backupOf(list));
      const index = at % text.length;
      return { kind: 'edited backup', content: `${text.slice(0, index)}${String.fromCharCode(byte)}${text.slice(index + 1)}`, backup: true };
    }),
    fc.tuple(commands, fc.nat()).map(([list, cut]) => {
      const text = serializeBackup(backupOf(list));
      return { kind: 'truncated backup', content: text.slice(0, cut % text.length), backup: true };
    }),
  );
}

export interface GeneratedFile {
  kind: string;
  content: string | Uint8Array;
  /** Backup-shaped: for restore. */
  backup: boolean;
}

/** `count` files for an application and guild; the same seed gives the same files. */
export function generateFiles(applicationId: string, guildId: string, count: number, seed: number): GeneratedFile[] {
  return fc.sample(fileShapes(applicationId, guildId), { numRuns: count, seed });
}

export interface FuzzFailure {
  index: number;
  command: FuzzCommand;
  kind: string;
  what: string;
}

export interface FuzzFigures {
  runs: number;
  byCommand: Record<FuzzCommand, number>;
  /** `command exit-code` → runs. */
  exitCodes: Record<string, number>;
  failures: FuzzFailure[];
  slowestMs: number;
  wallMs: number;
}

/** The command a generated file goes through: backups mostly to restore, the rest spread over the others. */
function commandFor(index: number, backup: boolean): FuzzCommand {
  if (backup) return index % 4 === 0 ? 'validate' : 'restore';
  return (['validate', 'plan', 'apply', 'restore', 'copy'] as const)[index % 5]!;
}

export async function runFuzz(options: { files: number; seed: number }): Promise<FuzzFigures> {
  const emulator = await startEmulator({ seed: 'demo', rateLimits: 'off' });
  const home = await isolatedHome({ DISCORD_BOT_TOKEN: emulator.botToken });
  const guildId = emulator.guildIds[0]!;
  let served = '[]';
  const server = await startHostileServer(HOSTILE_STRINGS[0]!, { globalCommands: () => served });
  const figures: FuzzFigures = { runs: 0, byCommand: { validate: 0, plan: 0, apply: 0, restore: 0, copy: 0 }, exitCodes: {}, failures: [], slowestMs: 0, wallMs: 0 };
  const started = performance.now();
  try {
    const files = generateFiles(emulator.applicationId, guildId, options.files, options.seed);
    for (const [index, file] of files.entries()) {
      const command = commandFor(index, file.backup);
      const path = join(home.home, `fuzz-${index % 16}.json`);
      await writeFile(path, file.content);
      served = typeof file.content === 'string' ? file.content : Buffer.from(file.content).toString('latin1');
      const api = ['--api', emulator.baseUrl];
      const args = {
        validate: [path],
        plan: [path, '--guild', guildId, '--detailed-exitcode', ...api],
        apply: [path, '--guild', guildId, '--yes', ...(index % 8 === 2 ? ['--prune', '--delete-many'] : []), ...api],
        restore: [path, '--yes', ...(index % 3 === 0 ? ['--delete-many'] : []), ...api],
        copy: ['--from', 'global', '--to', guildId, '--yes', '--app', HOSTILE_APP, '--api', server.base],
      }[command];
      const fail = (what: string) => figures.failures.push({ index, command, kind: file.kind, what });
      const runStarted = performance.now();
      let timer: NodeJS.Timeout | undefined;
      const hang = new Promise<'hang'>((resolve) => (timer = setTimeout(() => resolve('hang'), HANG_MS)));
      const outcome = await Promise.race([runCommand(command, args, home.env, home.home).catch((error: unknown) => ({ thrown: error })), hang]);
      clearTimeout(timer);
      figures.slowestMs = Math.max(figures.slowestMs, performance.now() - runStarted);
      figures.runs += 1;
      figures.byCommand[command] += 1;
      if (outcome === 'hang') {
        fail(`still running after ${HANG_MS} ms`);
        break;
      }
      if ('thrown' in outcome) {
        fail(`threw ${outcome.thrown instanceof Error ? outcome.thrown.stack : String(outcome.thrown)}`);
        continue;
      }
      const key = `${command} ${outcome.code}`;
      figures.exitCodes[key] = (figures.exitCodes[key] ?? 0) + 1;
      if (!DOCUMENTED_EXIT_CODES.has(outcome.code)) fail(`exit code ${outcome.code} is not documented`);
      if (/\n\s+at \S+ \(/.test(outcome.stderr + outcome.stdout)) fail(`a stack trace: ${outcome.stderr.slice(0, 400)}`);
      if (outcome.code !== 0 && outcome.stderr.trim() === '' && outcome.stdout.trim() === '') fail(`exit ${outcome.code} without a word`);
    }
  } finally {
    figures.wallMs = performance.now() - started;
    await emulator.close();
    await server.close();
    await home.cleanup();
  }
  return figures;
}
