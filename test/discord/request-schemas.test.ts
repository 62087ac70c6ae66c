/** The request shapes accept what clients send and reject wrong JSON types. */
import { describe, expect, it } from 'vitest';
import { bulkOverwriteSchema, commandCreateSchema, commandEditSchema, permissionsEditSchema } from '../../source/discord/request-schemas.js';
import { maximalCommand, realisticCommandSet } from '../fixtures/commands.js';
import { schemaOf, SPEC_VERSION } from '../helpers/discord-spec.js';

describe('request schemas', () => {
  it('accept the fixtures as create and bulk bodies', () => {
    expect(commandCreateSchema.safeParse(maximalCommand()).success).toBe(true);
    expect(bulkOverwriteSchema.safeParse(realisticCommandSet()).success).toBe(true);
  });

  it('accept a numeric permission bit set, as the API does', () => {
    expect(commandCreateSchema.safeParse({ name: 'ban', default_member_permissions: 8 }).success).toBe(true);
  });

  it('reject wrong JSON types in nested options', () => {
    const result = commandCreateSchema.safeParse({ name: 'ban', options: [{ type: 1, name: 's', description: 'd', options: [{ type: '3', name: 'a', description: 'd' }] }] });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['options', 0, 'options', 0, 'type']);
  });

  it('let an edit send any subset but not a new type', () => {
    expect(commandEditSchema.safeParse({ description: 'New' }).success).toBe(true);
    expect(commandEditSchema.safeParse({}).success).toBe(true);
    expect(Object.keys(commandEditSchema.shape)).not.toContain('type');
  });

  it('cap a bulk overwrite at 130 and overwrites at 100', () => {
    expect(bulkOverwriteSchema.safeParse(Array.from({ length: 131 }, (_, i) => ({ name: `c${i}` }))).success).toBe(false);
    const overwrite = { id: '1', type: 1, permission: true };
    expect(permissionsEditSchema.safeParse({ permissions: Array.from({ length: 100 }, () => overwrite) }).success).toBe(true);
    expect(permissionsEditSchema.safeParse({ permissions: Array.from({ length: 101 }, () => overwrite) }).success).toBe(false);
  });

  describe(`accept null wherever Discord's OpenAPI description (discord-api-spec ${SPEC_VERSION}) lets a request send it`, () => {
    const nullableFields = (schemaName: string) =>
      Object.entries((schemaOf(schemaName) as unknown as { shape: Record<string, { safeParse(value: unknown): { success: boolean } }> }).shape)
        .filter(([, property]) => property.safeParse(null).success)
        .map(([field]) => field);

    it.each([
      ['ApplicationCommandCreateRequest', commandCreateSchema],
      ['ApplicationCommandUpdateRequest', commandCreateSchema],
      ['ApplicationCommandPatchRequestPartial', commandEditSchema],
    ] as const)('every nullable field of %s', (schemaName, schema) => {
      const fields = nullableFields(schemaName);
      expect(fields.length).toBeGreaterThan(5);
      for (const field of fields) expect(schema.safeParse({ name: 'ban', [field]: null }).success, field).toBe(true);
    });

    it.each(['ApplicationCommandStringOption', 'ApplicationCommandIntegerOption', 'ApplicationCommandNumberOption', 'ApplicationCommandChannelOption', 'ApplicationCommandSubcommandOption'])(
      'every nullable field of %s, as an option of a create',
      (schemaName) => {
        const fields = nullableFields(schemaName);
        expect(fields.length).toBeGreaterThan(0);
        for (const field of fields) {
          const option = { type: 3, name: 'topic', description: 'What', [field]: null };
          expect(commandCreateSchema.safeParse({ name: 'ban', description: 'Ban', options: [option] }).success, field).toBe(true);
        }
      },
    );
  });
});
