/** The CLI renders an error value with its hint, as the TUI does: a rate limit not waited out says how long to wait. */
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { RateLimitError } from '../../source/api/errors.js';
import { reportFailure } from '../../source/commands/failure.js';
import { describeError } from '../../source/ui/format/describe-error.js';

describe('one rendering of an error value', () => {
  it('a rate limit not waited out carries the same hint in the CLI and the TUI', () => {
    const error = new RateLimitError('Discord rate-limited POST /applications/:id/commands 5 times in a row; stopped instead of retrying forever.', 'POST /applications/:id/commands', 2_400, false);
    let stderr = '';
    const code = reportFailure(error, { stdout: new PassThrough(), stderr: { write: (text: string) => ((stderr += text), true) } as never, stdin: new PassThrough(), env: {}, cwd: '.' }, 'apply');
    expect(code).toBe(5);
    expect(stderr).toContain('  Wait about 3 s and try again.');
    expect(describeError(error).hint).toBe('Wait about 3 s and try again.');
  });
});
