import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GLOBAL_SCOPE, guildScope } from '../../source/discord/model.js';
import { rateLimitIdentity, Routes } from '../../source/api/routes.js';

const snowflake = fc.bigInt({ min: 10n ** 16n, max: 10n ** 19n - 1n }).map(String);

describe('rate-limit identity of a request', () => {
  it('masks ids in the route key and keys the queue by the guild', () => {
    expect(rateLimitIdentity('get', Routes.commands('111111111111111111', guildScope('222222222222222222')))).toEqual({
      routeKey: 'GET /applications/:id/guilds/:id/commands',
      major: '222222222222222222',
    });
    expect(rateLimitIdentity('POST', Routes.commands('111111111111111111', GLOBAL_SCOPE))).toEqual({
      routeKey: 'POST /applications/:id/commands',
      major: 'global',
    });
  });

  it('same major → same queue, different major → different queue, minor ids never split (A11)', () => {
    fc.assert(
      fc.property(snowflake, snowflake, snowflake, snowflake, (app, guildA, guildB, command) => {
        fc.pre(guildA !== guildB);
        const a = rateLimitIdentity('PATCH', Routes.command(app, guildScope(guildA), command));
        const sameGuildOtherCommand = rateLimitIdentity('PATCH', Routes.command(app, guildScope(guildA), `${command}1`));
        const otherGuild = rateLimitIdentity('PATCH', Routes.command(app, guildScope(guildB), command));
        expect(sameGuildOtherCommand).toEqual(a);
        expect(otherGuild.routeKey).toBe(a.routeKey);
        expect(otherGuild.major).not.toBe(a.major);
      }),
      { numRuns: 1000 },
    );
  });
});
