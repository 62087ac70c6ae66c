/**
 * A form (modal) a bot shows with callback type 9, held to Discord's rules (DOCS/RR "Modal", the
 * components reference; the spec's ModalInteractionCallbackRequestData): `custom_id` 1–100 characters,
 * `title` 1–45, 1–5 components — an action row holding exactly one text input (with its `label`), a Label
 * (type 18: `label` 1–45, `description` ≤ 100, one component: a text input, a select — string (3), user (5), role
 * (6), mentionable (7) or channel (8) — or a file upload (19)) or a Text Display (type 10, `content` 1–4000).
 * A text input has a `custom_id` 1–100 unique in the form, `style` 1 (short) or 2 (paragraph), `placeholder`
 * ≤ 100, `value` ≤ 4000, `min_length` 0–4000, `max_length` 1–4000. Broken rules are Discord's 50035
 * form-body items, at their path. Then what a person types in each field is held to the field's rules as
 * the client holds it (required, min/max length; a select's or upload's count of values), and the submission
 * is built in Discord's shape (DOCS "Text Input Interaction Response Structure": each component with its `id`,
 * inputs with their `value`, selects and uploads with their `values`). Pure.
 */
import { withComponentIds } from './component-ids.js';
import { pressables, selectValuesProblem, SELECT_NAMES, type Pressable } from './message-components.js';
import type { EntityLookup } from './option-values.js';

/** A 50035 item: where in the body, Discord's code, its message. */
export interface FormProblem {
  path: string;
  code: string;
  message: string;
}

export const TextInputStyle = { Short: 1, Paragraph: 2 } as const;

export interface ModalInput {
  kind: 'input';
  /** The component's `id` (given, or numbered as Discord numbers them). */
  id: number;
  customId: string;
  label: string;
  description?: string;
  style: number;
  placeholder?: string;
  minLength: number;
  maxLength: number;
  required: boolean;
  /** The text the field starts with. */
  value: string;
  /** How it is laid out: in an action row (legacy) or a Label, and that container's id. */
  container: { type: 1 | 18; id: number };
}

export interface ModalText {
  kind: 'text';
  id: number;
  content: string;
}

/** What a select or a file upload in a Label shares with a text input: where it is and what it is called. */
interface LabelledField {
  id: number;
  customId: string;
  label: string;
  description?: string;
  required: boolean;
  container: { type: 18; id: number };
}

/** A select in a Label (3 string, 5 user, 6 role, 7 mentionable, 8 channel): picked as on a message, its defaults picked at first. */
export interface ModalSelect extends LabelledField {
  kind: 'select';
  select: Pressable;
  /** The values picked when the form opens (a string select's `default` options, an entity select's `default_values`). */
  defaults: string[];
}

/** A file upload in a Label (19): `minValues`–`maxValues` files, uploaded by the client, their ids sent. */
export interface ModalFile extends LabelledField {
  kind: 'file';
  minValues: number;
  maxValues: number;
}

export type ModalField = ModalInput | ModalSelect | ModalFile;
export type ModalItem = ModalField | ModalText;

/** What a field holds: a text input's text; a select's values or an upload's attachment ids. */
export type FormValue = string | readonly string[];

export interface Modal {
  customId: string;
  title: string;
  items: ModalItem[];
}

const LIMITS = { customId: 100, title: 45, components: 5, label: 45, description: 100, placeholder: 100, value: 4000, length: 4000, content: 4000 } as const;
const ComponentType = { ActionRow: 1, StringSelect: 3, TextInput: 4, UserSelect: 5, RoleSelect: 6, MentionableSelect: 7, ChannelSelect: 8, TextDisplay: 10, Label: 18, FileUpload: 19 } as const;
const SELECTS: readonly number[] = [ComponentType.StringSelect, ComponentType.UserSelect, ComponentType.RoleSelect, ComponentType.MentionableSelect, ComponentType.ChannelSelect];
/** What a Label may hold that the emulator's client fills in. */
const IN_LABEL: readonly number[] = [ComponentType.StringSelect, ComponentType.TextInput, ComponentType.UserSelect, ComponentType.RoleSelect, ComponentType.MentionableSelect, ComponentType.ChannelSelect, ComponentType.FileUpload];

function object(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

const required = (path: string): FormProblem => ({ path, code: 'BASE_TYPE_REQUIRED', message: 'This field is required' });

const badLength = (path: string, min: number, max: number): FormProblem => ({ path, code: 'BASE_TYPE_BAD_LENGTH', message: `Must be between ${min} and ${max} in length.` });

/** A string field: present when `needed`, of `min`–`max` characters. */
function text(body: Record<string, unknown>, key: string, path: string, min: number, max: number, needed: boolean, problems: FormProblem[]): string | undefined {
  const value = body[key];
  if (value === undefined || value === null) {
    if (needed) problems.push(required(path));
    return undefined;
  }
  if (typeof value !== 'string') {
    problems.push({ path, code: 'BASE_TYPE_STRING', message: 'Must be a valid string.' });
    return undefined;
  }
  if (value.length < min || value.length > max) problems.push(badLength(path, min, max));
  return value;
}

/** A whole number field within `min`–`max`, or undefined when absent. */
function whole(body: Record<string, unknown>, key: string, path: string, min: number, max: number, problems: FormProblem[]): number | undefined {
  const value = body[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    problems.push({ path, code: 'NUMBER_TYPE_MIN_MAX', message: `Int value should be between ${min} and ${max}.` });
    return undefined;
  }
  return value;
}

const typeChoices = (path: string, allowed: readonly number[]): FormProblem => ({ path, code: 'UNION_TYPE_CHOICES', message: `Value of field "type" must be one of (${allowed.join(', ')}).` });


function textInput(body: Record<string, unknown>, path: string, inLabel: boolean, problems: FormProblem[]): Omit<ModalInput, 'container'> | undefined {
  if (body.type !== ComponentType.TextInput) {
    problems.push(typeChoices(`${path}.type`, [ComponentType.TextInput]));
    return undefined;
  }
  const customId = text(body, 'custom_id', `${path}.custom_id`, 1, LIMITS.customId, true, problems);
  const style = body.style;
  if (style !== TextInputStyle.Short && style !== TextInputStyle.Paragraph) problems.push({ path: `${path}.style`, code: 'BASE_TYPE_CHOICES', message: 'Value must be one of (1, 2).' });
  // A text input's own label is the legacy one, for an action row; inside a Label the Label names it.
  const label = text(body, 'label', `${path}.label`, 1, LIMITS.label, !inLabel, problems);
  if (inLabel && label !== undefined) problems.push({ path: `${path}.label`, code: 'COMPONENT_INVALID_FIELD', message: 'A text input in a Label takes its label from the Label.' });
  const placeholder = text(body, 'placeholder', `${path}.placeholder`, 0, LIMITS.placeholder, false, problems);
  const value = text(body, 'value', `${path}.value`, 0, LIMITS.value, false, problems);
  const minLength = whole(body, 'min_length', `${path}.min_length`, 0, LIMITS.length, problems);
  const maxLength = whole(body, 'max_length', `${path}.max_length`, 1, LIMITS.length, problems);
  if (minLength !== undefined && maxLength !== undefined && minLength > maxLength) problems.push({ path: `${path}.min_length`, code: 'BASE_TYPE_MAX', message: `Must be less than or equal to ${maxLength}.` });
  if (body.required !== undefined && body.required !== null && typeof body.required !== 'boolean') problems.push({ path: `${path}.required`, code: 'BASE_TYPE_BOOLEAN', message: 'Must be either true or false.' });
  if (customId === undefined || (style !== 1 && style !== 2)) return undefined;
  return {
    kind: 'input',
    id: Number(body.id),
    customId,
    label: label ?? '',
    style,
    ...(placeholder ? { placeholder } : {}),
    minLength: minLength ?? 0,
    maxLength: maxLength ?? LIMITS.length,
    required: body.required !== false,
    value: value ?? '',
  };
}

function optionalBoolean(body: Record<string, unknown>, key: string, path: string, problems: FormProblem[]): boolean | undefined {
  const value = body[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'boolean') {
    problems.push({ path: `${path}.${key}`, code: 'BASE_TYPE_BOOLEAN', message: 'Must be either true or false.' });
    return undefined;
  }
  return value;
}

/**
 * A select in a Label, held to its rules (the components reference): `custom_id` 1–100, `placeholder` ≤ 150,
 * `min_values` 0–25, `max_values` 1–25 (for a string select, 1–25 options of `label` and `value` 1–100 and at
 * most `max_values` of them `default`), `required` a boolean; `disabled` is not allowed in a form.
 */
function labelledSelect(body: Record<string, unknown>, path: string, problems: FormProblem[]): Omit<ModalSelect, 'label' | 'description' | 'container'> | undefined {
  const type = Number(body.type);
  const customId = text(body, 'custom_id', `${path}.custom_id`, 1, LIMITS.customId, true, problems);
  text(body, 'placeholder', `${path}.placeholder`, 0, 150, false, problems);
  const minValues = whole(body, 'min_values', `${path}.min_values`, 0, 25, problems);
  const maxValues = whole(body, 'max_values', `${path}.max_values`, 1, 25, problems);
  if (minValues !== undefined && maxValues !== undefined && minValues > maxValues) problems.push({ path: `${path}.min_values`, code: 'BASE_TYPE_MAX', message: `Must be less than or equal to ${maxValues}.` });
  const isRequired = optionalBoolean(body, 'required', path, problems);
  if (body.disabled === true) problems.push({ path: `${path}.disabled`, code: 'COMPONENT_INVALID_FIELD', message: 'A select in a form cannot be disabled.' });
  const defaults: string[] = [];
  if (type === ComponentType.StringSelect) {
    const options = body.options;
    if (!Array.isArray(options) || options.length < 1 || options.length > 25) problems.push(Array.isArray(options) ? badLength(`${path}.options`, 1, 25) : required(`${path}.options`));
    else {
      options.forEach((option, index) => {
        const entry = object(option);
        text(entry, 'label', `${path}.options[${index}].label`, 1, 100, true, problems);
        const value = text(entry, 'value', `${path}.options[${index}].value`, 1, 100, true, problems);
        text(entry, 'description', `${path}.options[${index}].description`, 0, 100, false, problems);
        if (entry.default === true && value !== undefined) defaults.push(value);
      });
      if ((maxValues ?? 1) > options.length) problems.push({ path: `${path}.max_values`, code: 'BASE_TYPE_MAX', message: `Must be less than or equal to ${options.length}.` });
    }
  } else if (Array.isArray(body.default_values)) {
    for (const entry of body.default_values) {
      const id = object(entry).id;
      if (typeof id === 'string' && /^\d{1,20}$/.test(id)) defaults.push(id);
    }
  }
  if (defaults.length > (maxValues ?? 1)) problems.push({ path: `${path}.${type === ComponentType.StringSelect ? 'options' : 'default_values'}`, code: 'BASE_TYPE_MAX_LENGTH', message: `Must be ${maxValues ?? 1} or fewer in length.` });
  const [select] = pressables([body]);
  if (customId === undefined || !select) return undefined;
  return { kind: 'select', id: Number(body.id), customId, select: { ...select, disabled: false }, required: isRequired !== false, defaults };
}

/** A file upload in a Label: `custom_id` 1–100, `min_values` 0–10, `max_values` 1–10, `required` a boolean. */
function labelledFile(body: Record<string, unknown>, path: string, problems: FormProblem[]): Omit<ModalFile, 'label' | 'description' | 'container'> | undefined {
  const customId = text(body, 'custom_id', `${path}.custom_id`, 1, LIMITS.customId, true, problems);
  const minValues = whole(body, 'min_values', `${path}.min_values`, 0, 10, problems);
  const maxValues = whole(body, 'max_values', `${path}.max_values`, 1, 10, problems);
  if (minValues !== undefined && maxValues !== undefined && minValues > maxValues) problems.push({ path: `${path}.min_values`, code: 'BASE_TYPE_MAX', message: `Must be less than or equal to ${maxValues}.` });
  const isRequired = optionalBoolean(body, 'required', path, problems);
  if (customId === undefined) return undefined;
  return { kind: 'file', id: Number(body.id), customId, minValues: minValues ?? 1, maxValues: maxValues ?? 1, required: isRequired !== false };
}

/** What a Label holds, or undefined with its problems said: a text input, a select or a file upload. */
function labelled(body: Record<string, unknown>, path: string, problems: FormProblem[]): Omit<ModalField, 'label' | 'description' | 'container'> | undefined {
  if (!IN_LABEL.includes(Number(body.type))) {
    problems.push({ path: `${path}.type`, code: 'UNION_TYPE_CHOICES', message: `Value of field "type" must be one of (${IN_LABEL.join(', ')}): the emulator's client fills text inputs, selects and file uploads; a checkbox or radio group in a form is not played yet.` });
    return undefined;
  }
  if (SELECTS.includes(Number(body.type))) return labelledSelect(body, path, problems);
  if (body.type === ComponentType.FileUpload) return labelledFile(body, path, problems);
  return textInput(body, path, true, problems);
}

/** One of the form's components (numbered already), or undefined with its problems said. */
function topLevel(component: unknown, path: string, problems: FormProblem[]): ModalItem | undefined {
  const body = object(component);
  const id = Number(body.id);
  if (body.type === ComponentType.ActionRow) {
    const children = body.components;
    if (!Array.isArray(children) || children.length !== 1) {
      problems.push(Array.isArray(children) ? badLength(`${path}.components`, 1, 1) : required(`${path}.components`));
      return undefined;
    }
    const input = textInput(object(children[0]), `${path}.components[0]`, false, problems);
    return input ? { ...input, container: { type: 1, id } } : undefined;
  }
  if (body.type === ComponentType.Label) {
    const label = text(body, 'label', `${path}.label`, 1, LIMITS.label, true, problems);
    const description = text(body, 'description', `${path}.description`, 1, LIMITS.description, false, problems);
    if (body.component === undefined) problems.push(required(`${path}.component`));
    const field = body.component === undefined ? undefined : labelled(object(body.component), `${path}.component`, problems);
    if (!field || label === undefined) return undefined;
    return { ...field, label, ...(description ? { description } : {}), container: { type: 18, id } } as ModalField;
  }
  if (body.type === ComponentType.TextDisplay) {
    const content = text(body, 'content', `${path}.content`, 1, LIMITS.content, true, problems);
    return content === undefined ? undefined : { kind: 'text', id, content };
  }
  problems.push(typeChoices(`${path}.type`, [ComponentType.ActionRow, ComponentType.TextDisplay, ComponentType.Label]));
  return undefined;
}

/** The form `data` describes, or Discord's problems with it (under `prefix`, `data.` in a callback). */
export function readModal(data: unknown, prefix = 'data.'): { modal?: Modal; problems: FormProblem[] } {
  const body = object(data);
  const problems: FormProblem[] = [];
  const customId = text(body, 'custom_id', `${prefix}custom_id`, 1, LIMITS.customId, true, problems);
  const title = text(body, 'title', `${prefix}title`, 1, LIMITS.title, true, problems);
  const { components } = body;
  const items: ModalItem[] = [];
  if (!Array.isArray(components)) problems.push(required(`${prefix}components`));
  else if (components.length < 1 || components.length > LIMITS.components) problems.push(badLength(`${prefix}components`, 1, LIMITS.components));
  else {
    components.forEach((component, index) => whole(object(component), 'id', `${prefix}components[${index}].id`, 0, 2 ** 31 - 1, problems));
    withComponentIds(components).forEach((component, index) => {
      const item = topLevel(component, `${prefix}components[${index}]`, problems);
      if (item) items.push(item);
    });
  }
  const seen = new Set<string>();
  for (const item of items) {
    if (item.kind !== 'input') continue;
    if (seen.has(item.customId)) problems.push({ path: `${prefix}components`, code: 'COMPONENT_CUSTOM_ID_DUPLICATED', message: `Component custom id cannot be duplicated (${item.customId})` });
    seen.add(item.customId);
  }
  if (problems.length > 0 || customId === undefined || title === undefined) return { problems };
  return { modal: { customId, title, items }, problems };
}

export function modalInputs(modal: Modal): ModalInput[] {
  return modal.items.filter((item): item is ModalInput => item.kind === 'input');
}

/** Every field a person fills in: text inputs, selects and file uploads, in the form's order. */
export function modalFields(modal: Modal): ModalField[] {
  return modal.items.filter((item): item is ModalField => item.kind !== 'text');
}

/** A select's or an upload's values as given (one value alone is a list of one). */
function listOf(value: FormValue): readonly string[] {
  return typeof value === 'string' ? (value === '' ? [] : [value]) : value;
}

/**
 * Why the client would not submit this value of the field yet, or undefined. `lookup`: the guild's
 * members, roles and channels, when known, so a select's values are among what it offers.
 */
export function fieldProblem(field: ModalField, value: FormValue, lookup?: Pick<EntityLookup, 'channelType' | 'isUser' | 'isRole'>): string | undefined {
  const name = field.label || field.customId;
  if (field.kind === 'input') {
    if (typeof value !== 'string') return `${name} is a text field: it takes text, not a list`;
    const length = [...value].length;
    if (length === 0) return field.required ? `${name} is required` : undefined;
    if (length < field.minLength) return `${name} must be at least ${field.minLength} characters (it has ${length})`;
    if (length > field.maxLength) return `${name} must be at most ${field.maxLength} characters (it has ${length})`;
    return undefined;
  }
  const values = listOf(value);
  const [least, most] = field.kind === 'select' ? [field.select.minValues, field.select.maxValues] : [field.minValues, field.maxValues];
  const what = field.kind === 'file' ? 'file' : 'value';
  if (values.length === 0) return field.required && least > 0 ? `${name} is required: pick ${least === most ? least : `${least} to ${most}`} ${what}${most === 1 ? '' : 's'}` : undefined;
  if (values.length < least || values.length > most) return `${name} takes ${least === most ? least : `${least} to ${most}`} ${what}${most === 1 ? '' : 's'}, not ${values.length}`;
  if (new Set(values).size !== values.length) return `${name} takes each ${what} once`;
  if (field.kind === 'select' && lookup) {
    const wrong = selectValuesProblem({ ...field.select, minValues: 0 }, values, lookup);
    if (wrong) return wrong.replace(`the ${SELECT_NAMES[field.select.type] ?? 'select'} ${field.customId}`, name);
  }
  return undefined;
}

/** What each field holds: what was given, else what the bot filled in (a text input's `value`, a select's defaults; an upload, nothing). */
export function filledValues(modal: Modal, given: Readonly<Record<string, FormValue>>): Record<string, FormValue> {
  return Object.fromEntries(
    modalFields(modal).map((field) => {
      const own = Object.hasOwn(given, field.customId) ? given[field.customId]! : undefined;
      if (field.kind === 'input') return [field.customId, own ?? field.value];
      return [field.customId, own === undefined ? (field.kind === 'select' ? field.defaults : []) : listOf(own)];
    }),
  );
}

/** Why the client would not submit the form with `given`: a field it does not have, or a field's own rule. */
export function submissionProblems(modal: Modal, given: Readonly<Record<string, FormValue>>, lookup?: Pick<EntityLookup, 'channelType' | 'isUser' | 'isRole'>): string[] {
  const fields = modalFields(modal);
  const unknown = Object.keys(given).filter((name) => !fields.some((field) => field.customId === name));
  const values = filledValues(modal, given);
  return [
    ...unknown.map((name) => `the form "${modal.title}" has no field ${name}: its fields are ${fields.map((field) => field.customId).join(', ')}`),
    ...fields.flatMap((field) => fieldProblem(field, values[field.customId]!, lookup) ?? []),
  ];
}

/** The users, roles and channels the form's selects picked, and the uploads its file fields carry: what `resolved` holds. */
export function submittedEntities(modal: Modal, given: Readonly<Record<string, FormValue>>, lookup: Pick<EntityLookup, 'isRole'>): { users: string[]; roles: string[]; channels: string[]; attachments: string[] } {
  const values = filledValues(modal, given);
  const picked = { users: [] as string[], roles: [] as string[], channels: [] as string[], attachments: [] as string[] };
  for (const field of modalFields(modal)) {
    const chosen = listOf(values[field.customId]!);
    if (field.kind === 'file') picked.attachments.push(...chosen);
    if (field.kind !== 'select') continue;
    const type = field.select.type;
    for (const value of chosen) {
      if (type === ComponentType.UserSelect || (type === ComponentType.MentionableSelect && !lookup.isRole(value))) picked.users.push(value);
      else if (type === ComponentType.RoleSelect || type === ComponentType.MentionableSelect) picked.roles.push(value);
      else if (type === ComponentType.ChannelSelect) picked.channels.push(value);
    }
  }
  return picked;
}

/** `data.components` of the MODAL_SUBMIT, as Discord sends it: the form's layout with each field's value (or values). */
export function submittedComponents(modal: Modal, given: Readonly<Record<string, FormValue>>): unknown[] {
  const values = filledValues(modal, given);
  return modal.items.map((item) => {
    if (item.kind === 'text') return { type: ComponentType.TextDisplay, id: item.id };
    const inner =
      item.kind === 'input' ? { type: ComponentType.TextInput, id: item.id, custom_id: item.customId, value: values[item.customId] }
      : { type: item.kind === 'file' ? ComponentType.FileUpload : item.select.type, id: item.id, custom_id: item.customId, values: listOf(values[item.customId]!) };
    return item.container.type === ComponentType.Label
      ? { type: ComponentType.Label, id: item.container.id, component: inner }
      : { type: ComponentType.ActionRow, id: item.container.id, components: [inner] };
  });
}
