import { describe, expect, it } from 'vitest';
import { discordApiErrorFrom } from '../../source/api/discord-error.js';
import { flattenFieldErrors } from '../../source/discord/problem-path.js';

describe('flattening Discord field errors into validator paths', () => {
  it.each([
    [
      'nested option name',
      { options: { '0': { name: { _errors: [{ code: 'APPLICATION_COMMAND_INVALID_NAME', message: 'Command name is invalid' }] } } } },
      [{ path: 'options[0].name', code: 'APPLICATION_COMMAND_INVALID_NAME', message: 'Command name is invalid' }],
    ],
    [
      'request-level error at the root',
      { _errors: [{ code: 'APPLICATION_COMMAND_TOO_LARGE', message: 'Command exceeds maximum size (8000)' }] },
      [{ path: '', code: 'APPLICATION_COMMAND_TOO_LARGE', message: 'Command exceeds maximum size (8000)' }],
    ],
    [
      'bulk body: the index comes first',
      { '3': { name: { _errors: [{ code: 'BASE_TYPE_REQUIRED', message: 'This field is required' }] } } },
      [{ path: '[3].name', code: 'BASE_TYPE_REQUIRED', message: 'This field is required' }],
    ],
    [
      'deep choices and several leaves',
      {
        options: {
          '1': {
            choices: { '2': { value: { _errors: [{ code: 'BASE_TYPE_MAX_LENGTH', message: 'Must be 100 or fewer in length.' }] } } },
            description: { _errors: [{ code: 'BASE_TYPE_REQUIRED', message: 'This field is required' }] },
          },
        },
      },
      [
        { path: 'options[1].choices[2].value', code: 'BASE_TYPE_MAX_LENGTH', message: 'Must be 100 or fewer in length.' },
        { path: 'options[1].description', code: 'BASE_TYPE_REQUIRED', message: 'This field is required' },
      ],
    ],
    ['no errors tree', undefined, []],
  ])('%s', (_name, tree, expected) => {
    expect(flattenFieldErrors(tree)).toEqual(expected);
  });

  it('builds one typed error with status, code, message, field errors and a hint', () => {
    const body = JSON.stringify({
      code: 50035,
      message: 'Invalid Form Body',
      errors: { name: { _errors: [{ code: 'STRING_TYPE_REGEX', message: 'String value did not match validation regex.' }] } },
    });
    const error = discordApiErrorFrom(400, body, 'POST', '/applications/1/commands');
    expect(error.status).toBe(400);
    expect(error.code).toBe(50035);
    expect(error.message).toContain('Invalid Form Body');
    expect(error.fieldErrors).toEqual([{ path: 'name', code: 'STRING_TYPE_REGEX', message: 'String value did not match validation regex.' }]);
    expect(error.hint).toMatch(/fields/);
  });

  it('explains a bot token on the permissions route', () => {
    const error = discordApiErrorFrom(403, '{"message":"Bots cannot use this endpoint","code":20001}', 'PUT', '/x');
    expect(error.hint).toContain('cmd-tui auth login');
  });

  it('survives a body that is not JSON', () => {
    const error = discordApiErrorFrom(502, '<html>bad gateway</html>', 'GET', '/x');
    expect(error.code).toBe(0);
    expect(error.message).toContain('HTTP 502');
  });
});
