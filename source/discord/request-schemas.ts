/**
 * zod shapes of what may be sent: a command on create (POST) and bulk overwrite (PUT), a partial
 * command on edit (PATCH), and a permission-overwrite list (PUT …/permissions). They check JSON
 * types only; every platform rule (lengths, patterns, nesting, counts) is the validator's job, so
 * that problems are reported at their paths all at once instead of zod's first failure.
 * Response shapes live in model.ts.
 */
import * as z from 'zod';
import { LIMITS, optionFieldShape, permissionOverwriteSchema } from './model.js';

const localizationMap = z.record(z.string(), z.string().nullable()).nullable().optional();

export const choiceRequestSchema = z.looseObject({
  name: z.string(),
  name_localizations: localizationMap,
  value: z.union([z.string(), z.number()]),
});

type OptionRequest = z.infer<typeof optionFields> & { options?: OptionRequest[] };
// Requests may also carry null per-locale values (to remove one), so the maps and choices differ from responses.
const optionFields = z.looseObject({
  ...optionFieldShape,
  name_localizations: localizationMap,
  description_localizations: localizationMap,
  choices: z.array(choiceRequestSchema).optional(),
});
export const optionRequestSchema: z.ZodType<OptionRequest> = z.lazy(() =>
  optionFields.extend({ options: z.array(optionRequestSchema).optional() }),
) as z.ZodType<OptionRequest>;

/** The request takes a bit-set string or, per the OpenAPI spec, an integer (facts §4.1). */
const permissionBits = z.union([z.string(), z.number().int()]).nullable().optional();

const commandFields = {
  type: z.number().int().optional(),
  name: z.string(),
  name_localizations: localizationMap,
  description: z.string().optional(),
  description_localizations: localizationMap,
  options: z.array(optionRequestSchema).optional(),
  default_member_permissions: permissionBits,
  dm_permission: z.boolean().nullable().optional(),
  default_permission: z.boolean().nullable().optional(),
  nsfw: z.boolean().optional(),
  integration_types: z.array(z.number().int()).nullable().optional(),
  contexts: z.array(z.number().int()).nullable().optional(),
  handler: z.number().int().optional(),
};

/** POST /applications/{app}/commands (and the guild route); also one item of a bulk overwrite. */
export const commandCreateSchema = z.looseObject({ ...commandFields, id: z.string().optional() });
export type CommandCreateRequest = z.infer<typeof commandCreateSchema>;

/** PATCH …/commands/{id}: any subset of the create fields; the type cannot change. */
export const commandEditSchema = z.looseObject(commandFields).partial().omit({ type: true });
export type CommandEditRequest = z.infer<typeof commandEditSchema>;

/** PUT …/commands: the complete list for one scope. */
export const bulkOverwriteSchema = z.array(commandCreateSchema).max(LIMITS.bulkOverwriteItems);

/** PUT …/commands/{id}/permissions. */
export const permissionsEditSchema = z.looseObject({
  permissions: z.array(permissionOverwriteSchema).max(LIMITS.overwritesPerCommand),
});
export type PermissionsEditRequest = z.infer<typeof permissionsEditSchema>;
