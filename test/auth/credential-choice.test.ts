/**
 * The one rule for which credential a run uses when the shell exports DISCORD_BOT_TOKEN or
 * DISCORD_CLIENT_ID (+ DISCORD_CLIENT_SECRET): the table of cases, and the sentences it says — never
 * a token or a secret.
 */
import { describe, expect, it } from 'vitest';
import { botIdOfToken, chooseEnvironmentCredentials, environmentNote, environmentSecretFor, setAsideNotices, type ChoiceTarget, type EnvironmentChoice } from '../../source/auth/credential-choice.js';
import type { CredentialOverrides } from '../../source/config/environment.js';

/** A Discord-shaped bot token (obviously fake): the bot's id in base64, a 6-letter stamp, 27 letters. */
const tokenOf = (id: string, tail = 'x') => `${Buffer.from(id).toString('base64').replace(/=+$/, '')}.AAAAAA.${tail.repeat(27).slice(0, 27)}`;

const APP = '111111111111111111';
const OTHER = '222222222222222222';
const EMULATOR_BOT = '333333333333333333';
const SHELL_TOKEN = tokenOf(OTHER, 'f');
const APPS_TOKEN = tokenOf(APP, 'a');
const STORED_BOT = tokenOf(EMULATOR_BOT, 's');

describe('botIdOfToken', () => {
  it.each([
    ['an 18-digit id', tokenOf(APP), APP],
    ['a 19-digit id', tokenOf('1579382696008876036'), '1579382696008876036'],
    ['with its "Bot " scheme', `Bot ${tokenOf(APP)}`, APP],
    ['not three parts of a token', 'fake-env-bot-token', undefined],
    ['a first part that is not an id', `${Buffer.from('hello world, hello!!').toString('base64')}.AAAAAA.bbbbbbbbbbbbbbbbbbbbbbbbbbb`, undefined],
    ['an empty string', '', undefined],
  ])('%s', (_case, token, id) => {
    expect(botIdOfToken(token)).toBe(id);
  });
});

type Verdict = ReturnType<typeof chooseEnvironmentCredentials>['botToken'];

describe('which exported credential a run uses', () => {
  const cases: [string, CredentialOverrides, ChoiceTarget, { botToken?: Verdict; clientId?: Verdict }][] = [
    ['nothing exported', {}, { applicationId: APP, stored: { botToken: STORED_BOT } }, {}],
    ['no application named anywhere: the token, on its own application', { botToken: SHELL_TOKEN }, { stored: {} }, { botToken: { use: true, because: 'no-application' } }],
    ['the token names the application', { botToken: APPS_TOKEN }, { applicationId: APP, stored: { botToken: STORED_BOT } }, { botToken: { use: true, because: 'its-application' } }],
    ['the token is of the bot whose token is stored (the emulator, an old app)', { botToken: tokenOf(EMULATOR_BOT, 'n') }, { applicationId: APP, stored: { botToken: STORED_BOT } }, { botToken: { use: true, because: 'its-bot' } }],
    ['the API said the token is the application\'s', { botToken: SHELL_TOKEN }, { applicationId: OTHER, stored: { user: {} }, tokensApplication: OTHER }, { botToken: { use: true, because: 'its-application' } }],
    ['nothing stored for the application: the token, for that application', { botToken: SHELL_TOKEN }, { applicationId: APP, stored: {} }, { botToken: { use: true, because: 'nothing-stored' } }],
    ['another application\'s token where a bot token is stored', { botToken: SHELL_TOKEN }, { applicationId: APP, stored: { botToken: STORED_BOT } }, { botToken: { use: false, because: 'another-application', names: OTHER } }],
    ['another application\'s token where only a sign-in is stored', { botToken: SHELL_TOKEN }, { applicationId: APP, stored: { user: {} } }, { botToken: { use: false, because: 'another-application', names: OTHER } }],
    ['a token not shaped as Discord\'s where something is stored', { botToken: 'fake-env-bot-token' }, { applicationId: APP, stored: { clientCredentials: { clientId: APP } } }, { botToken: { use: false, because: 'unreadable' } }],
    ['the client id of the application', { clientId: APP, clientSecret: 's' }, { applicationId: APP, stored: { botToken: STORED_BOT } }, { clientId: { use: true, because: 'its-application' } }],
    ['a client id where no application is named', { clientId: OTHER, clientSecret: 's' }, { stored: {} }, { clientId: { use: true, because: 'no-application' } }],
    ['another application\'s client id, even with nothing stored: a client id is its application', { clientId: OTHER, clientSecret: 's' }, { applicationId: APP, stored: {} }, { clientId: { use: false, because: 'another-application', names: OTHER } }],
    [
      'a contributor\'s shell on a profile that keeps the emulator\'s token',
      { botToken: SHELL_TOKEN, clientId: OTHER, clientSecret: 's' },
      { applicationId: APP, stored: { botToken: STORED_BOT } },
      { botToken: { use: false, because: 'another-application', names: OTHER }, clientId: { use: false, because: 'another-application', names: OTHER } },
    ],
  ];
  it.each(cases)('%s', (_case, overrides, target, expected) => {
    expect(chooseEnvironmentCredentials(overrides, target)).toEqual(expected);
  });
});

describe('what the run says of a variable it set aside', () => {
  const overrides = { botToken: SHELL_TOKEN, clientId: OTHER, clientSecret: 'shell-secret' };
  const target = { applicationId: APP, stored: { botToken: STORED_BOT } };
  const choice = chooseEnvironmentCredentials(overrides, target);
  const told = setAsideNotices(overrides, target, choice, { api: 'http://127.0.0.1:4000/api/v10', profile: 'rehearsal' });

  it('names the variable, the id it names, the application, profile and API, and what is used instead', () => {
    expect(told).toEqual([
      `DISCORD_BOT_TOKEN is not used: it is the token of bot ${OTHER}, and the credentials stored for application ${APP} (profile rehearsal) at http://127.0.0.1:4000/api/v10 are used instead. An exported token is sent only for its own application: --app with that application's id uses it.`,
      `DISCORD_CLIENT_ID and DISCORD_CLIENT_SECRET are not used: they are application ${OTHER}'s, and the credentials stored for application ${APP} (profile rehearsal) at http://127.0.0.1:4000/api/v10 are used instead. --app ${OTHER} uses them.`,
    ]);
  });

  it('never quotes the token or the secret', () => {
    for (const secret of [SHELL_TOKEN, SHELL_TOKEN.split('.')[2]!, 'shell-secret', STORED_BOT]) expect(told.join('\n')).not.toContain(secret);
  });

  it('says nothing of a variable it used', () => {
    const used = { botToken: APPS_TOKEN };
    expect(setAsideNotices(used, target, chooseEnvironmentCredentials(used, target), { api: 'x' })).toEqual([]);
  });

  it.each([
    [{}, undefined],
    [{ botToken: { use: true, because: 'no-application' } }, 'from DISCORD_BOT_TOKEN'],
    [{ botToken: { use: false, because: 'unreadable' } }, "DISCORD_BOT_TOKEN not used: not this app's"],
    [{ botToken: { use: true, because: 'its-bot' }, clientId: { use: false, because: 'another-application', names: OTHER } }, "from DISCORD_BOT_TOKEN; DISCORD_CLIENT_ID not used: not this app's"],
  ] as [EnvironmentChoice, string | undefined][])('the header reads %j as %s', (choice, note) => {
    expect(environmentNote(choice)).toBe(note);
  });
});

describe('DISCORD_CLIENT_SECRET for a browser sign-in', () => {
  it.each([
    [{ clientId: APP, clientSecret: 's' }, APP, 's'],
    [{ clientId: OTHER, clientSecret: 's' }, APP, undefined],
    [{ clientSecret: 's' }, APP, undefined],
  ] as [CredentialOverrides, string, string | undefined][])('%j signing in to %s: %s', (overrides, application, secret) => {
    expect(environmentSecretFor(overrides, application)).toBe(secret);
  });
});
