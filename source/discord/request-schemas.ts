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

type OptionRequest = z.infer<typeof optionFields> & { options?: OptionRequest[] | null };
// Requests may also carry null where responses leave a field out (Discord's OpenAPI: every optional
// option field is `[..., "null"]`), and null per-locale values (to remove one).
const optionFields = z.looseObject({
  ...optionFieldShape,
  name_localizations: localizationMap,
  description_localizations: localizationMap,
  required: optionFieldShape.required.nullable(),
  choices: z.array(choiceRequestSchema).nullable().optional(),
  channel_types: optionFieldShape.channel_types.nullable(),
  min_value: optionFieldShape.min_value.nullable(),
  max_value: optionFieldShape.max_value.nullable(),
  min_length: optionFieldShape.min_length.nullable(),
  max_length: optionFieldShape.max_length.nullable(),
  autocomplete: optionFieldShape.autocomplete.nullable(),
});
export const optionRequestSchema: z.ZodType<OptionRequest> = z.lazy(() =>
  optionFields.extend({ options: z.array(optionRequestSchema).nullable().optional() }),
) as z.ZodType<OptionRequest>;

/** The request takes a bit-set string or, per the OpenAPI spec, an integer (facts §4.1). */
const permissionBits = z.union([z.string(), z.number().int()]).nullable().optional();

/** Every optional field may be null in a request (Discord's OpenAPI), unlike in a response. */
const commandFields = {
  type: z.number().int().nullable().optional(),
  name: z.string(),
  name_localizations: localizationMap,
  description: z.string().nullable().optional(),
  description_localizations: localizationMap,
  options: z.array(optionRequestSchema).nullable().optional(),
  default_member_permissions: permissionBits,
  dm_permission: z.boolean().nullable().optional(),
  default_permission: z.boolean().nullable().optional(),
  nsfw: z.boolean().nullable().optional(),
  integration_types: z.array(z.number().int()).nullable().optional(),
  contexts: z.array(z.number().int()).nullable().optional(),
  handler: z.number().int().nullable().optional(),
};

/** POST /applications/{app}/commands (and the guild route); also one item of a bulk overwrite. */
export const commandCreateSchema = z.looseObject({ ...commandFields, id: z.string().nullable().optional() });
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
