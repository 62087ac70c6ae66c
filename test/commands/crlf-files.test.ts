/**
 * Command files as Windows editors save them — CRLF line ends, a UTF-8 byte-order mark — read like any
 * other: valid, the same plan, and a mistake named at the same line and column as in the LF file.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { decodeText } from '../../source/config/read-text-file.js';
import { parseCommandsFile } from '../../source/discord/export-format.js';
import { runCli } from '../helpers/cli.js';
import { tempFolder } from '../helpers/temp-folder.js';

const LF = '[\n  {\n    "name": "ping",\n    "description": "Pong"\n  }\n]\n';
const BAD = '[\n  {\n    "name": "ping",\n    "description": "Pong",\n  }\n]\n';
const crlf = (text: string) => text.replaceAll('\n', '\r\n');
const bom = (text: string) => Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text)]);

let folder: string;
beforeEach(() => {
  folder = tempFolder('cmd-tui-crlf-');
});

describe('a command file saved on Windows', () => {
  it('reads as the same commands with CRLF, a BOM, or both', () => {
    const expected = parseCommandsFile(LF);
    for (const bytes of [Buffer.from(crlf(LF)), bom(LF), bom(crlf(LF))]) expect(parseCommandsFile(decodeText(bytes, 'f.json'))).toEqual(expected);
  });

  it('validates through the binary, alone and in a folder, and names a mistake where the LF file has it', async () => {
    await writeFile(join(folder, 'windows.json'), bom(crlf(LF)));
    const valid = await runCli(['validate', 'windows.json'], { cwd: folder, env: { CMD_TUI_HOME: folder } });
    expect([valid.code, valid.stdout]).toEqual([0, '✓ windows.json: 1 command valid\n']);
    const fromFolder = await runCli(['validate', '.'], { cwd: folder, env: { CMD_TUI_HOME: folder } });
    expect(fromFolder.code, fromFolder.stderr + fromFolder.stdout).toBe(0);
    await writeFile(join(folder, 'bad-crlf.json'), bom(crlf(BAD)));
    await writeFile(join(folder, 'bad-lf.json'), BAD);
    const crlfError = await runCli(['validate', 'bad-crlf.json'], { cwd: folder, env: { CMD_TUI_HOME: folder } });
    const lfError = await runCli(['validate', 'bad-lf.json'], { cwd: folder, env: { CMD_TUI_HOME: folder } });
    expect(crlfError.code).toBe(2);
    expect(crlfError.stderr.replace('bad-crlf', 'bad-lf')).toBe(lfError.stderr);
    expect(lfError.stderr).toContain('line 5, column 3');
  });
});
