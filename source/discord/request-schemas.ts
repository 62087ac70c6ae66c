/**
 * zod shapes of what may be sent: a command on create (POST) and bulk overwrite (PUT), a partial
 * command on edit (PATCH), and a permission-overwrite list (PUT …/permissions). They check JSON
 * types only; every platform rule (lengths, patterns, nesting, counts) is the validator's job, so
 * that problems are reported at their paths all at once instead of zod's first failure.
 * Response shapes live in model.ts.
 */
import * as z from './zod.js';
import { LIMITS, optionFieldShape, permissionOverwriteSchema } from './model.js';

const localizationMap = z.optional(z.nullable(z.record(z.string(), z.nullable(z.string()))));

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
  required: z.nullable(optionFieldShape.required),
  choices: z.optional(z.nullable(z.array(choiceRequestSchema))),
  channel_types: z.nullable(optionFieldShape.channel_types),
  min_value: z.nullable(optionFieldShape.min_value),
  max_value: z.nullable(optionFieldShape.max_value),
  min_length: z.nullable(optionFieldShape.min_length),
  max_length: z.nullable(optionFieldShape.max_length),
  autocomplete: z.nullable(optionFieldShape.autocomplete),
});
export const optionRequestSchema: z.ZodMiniType<OptionRequest> = z.lazy(() =>
  z.extend(optionFields, { options: z.optional(z.nullable(z.array(optionRequestSchema))) }),
) as z.ZodMiniType<OptionRequest>;

/** The request takes a bit-set string or, per the OpenAPI spec, an integer (facts §4.1). */
const permissionBits = z.optional(z.nullable(z.union([z.string(), z.int()])));

/** Every optional field may be null in a request (Discord's OpenAPI), unlike in a response. */
const commandFields = {
  type: z.optional(z.nullable(z.int())),
  name: z.string(),
  name_localizations: localizationMap,
  description: z.optional(z.nullable(z.string())),
  description_localizations: localizationMap,
  options: z.optional(z.nullable(z.array(optionRequestSchema))),
  default_member_permissions: permissionBits,
  dm_permission: z.optional(z.nullable(z.boolean())),
  default_permission: z.optional(z.nullable(z.boolean())),
  nsfw: z.optional(z.nullable(z.boolean())),
  integration_types: z.optional(z.nullable(z.array(z.int()))),
  contexts: z.optional(z.nullable(z.array(z.int()))),
  handler: z.optional(z.nullable(z.int())),
};

/** POST /applications/{app}/commands (and the guild route); also one item of a bulk overwrite. */
export const commandCreateSchema = z.looseObject({ ...commandFields, id: z.optional(z.nullable(z.string())) });

/** PATCH …/commands/{id}: any subset of the create fields; the type cannot change. */
export const commandEditSchema = z.omit(z.partial(z.looseObject(commandFields)), { type: true });

/** PUT …/commands: the complete list for one scope. */
export const bulkOverwriteSchema = z.array(commandCreateSchema).check(z.maxLength(LIMITS.bulkOverwriteItems));

/** PUT …/commands/{id}/permissions. */
export const permissionsEditSchema = z.looseObject({
  permissions: z.array(permissionOverwriteSchema).check(z.maxLength(LIMITS.overwritesPerCommand)),
});
