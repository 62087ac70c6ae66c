/** The CLI renders an error value with its hint, as the TUI does: a rate limit not waited out says how long to wait. */
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { DiscordApiError, RateLimitError } from '../../source/api/errors.js';
import { reportFailure } from '../../source/commands/failure.js';
import { describeError } from '../../source/ui/format/describe-error.js';
import { readEnvironment } from '../../source/config/environment.js';

/** What the CLI prints on stderr for `error`. */
function cliReport(error: unknown): string {
  let stderr = '';
  reportFailure(error, { stdout: new PassThrough(), stderr: { write: (text: string) => ((stderr += text), true) } as never, stdin: new PassThrough(), environment: readEnvironment({}, 'linux'), cwd: '.' }, 'apply');
  return stderr;
}

describe('one rendering of an error value', () => {
  it.each([
    ['a 403 with no hint of its own', new DiscordApiError(403, 0, 'Discord answered 403 to PUT /x: Forbidden', 'PUT', '/x')],
    ['a 503 with no hint of its own', new DiscordApiError(503, 0, 'Discord answered 503 to GET /x: Unavailable', 'GET', '/x')],
    ['a refused field with a hint', new DiscordApiError(400, 50035, 'Discord answered 400 to POST /x: Invalid Form Body', 'POST', '/x', [{ path: '', code: 'BASE_TYPE_REQUIRED', message: 'This field is required' }], 'Fix the fields Discord named.')],
  ])('%s: the TUI says the same hint and fields as the CLI, laid out on one line', (_name, error) => {
    const cli = cliReport(error);
    const tui = describeError(error);
    // No hint of the TUI's own: exactly the CLI's, or none in either.
    if (error.hint) expect(cli).toContain(`  ${error.hint}\n`);
    expect(tui.hint).toBe(error.hint);
    for (const field of error.fieldErrors) {
      expect(cli).toContain(`(command): ${field.message}`);
      expect(tui.message).toContain(`(command): ${field.message}`);
    }
  });


  it('a rate limit not waited out carries the same hint in the CLI and the TUI', () => {
    const error = new RateLimitError('Discord rate-limited POST /applications/:id/commands 5 times in a row; stopped instead of retrying forever.', 'POST /applications/:id/commands', 2_400, false);
    let stderr = '';
    const code = reportFailure(error, { stdout: new PassThrough(), stderr: { write: (text: string) => ((stderr += text), true) } as never, stdin: new PassThrough(), environment: readEnvironment({}, 'linux'), cwd: '.' }, 'apply');
    expect(code).toBe(5);
    expect(stderr).toContain('  Wait about 3 s and try again.');
    expect(describeError(error).hint).toBe('Wait about 3 s and try again.');
  });
});
