/** An apply or restore that stopped part-way exits as what stopped it (types.ts EXIT_CODES). */
import { describe, expect, it } from 'vitest';
import { ConnectionError, DiscordApiError } from '../../source/api/errors.js';
import { ApplyInterruptedError } from '../../source/operations/send-plan.js';
import { exitCodeOf } from '../../source/commands/failure.js';
import { ExitCode } from '../../source/commands/types.js';

const backup = '/backups/b.json';

describe('the exit code of a run stopped part-way', () => {
  it.each([
    ['Discord kept failing (5xx after the retries)', new ConnectionError('PATCH … failed: Discord answered 500. (4 attempts)', '/x', 'try again', true), ExitCode.Unreachable],
    ['Discord refused the change', new DiscordApiError(400, 30034, 'Max number of daily application command creates has been reached (200)', 'POST', '/x', []), ExitCode.Problems],
    ['the token was rejected', new DiscordApiError(401, 0, '401: Unauthorized', 'POST', '/x', []), ExitCode.Credentials],
  ])('%s', (_case, cause, code) => {
    expect(exitCodeOf(new ApplyInterruptedError(cause, [], 50, backup))).toBe(code);
  });
});
