/**
 * A form (modal) a bot shows with callback type 9, held to Discord's rules (DOCS/RR "Modal", the
 * components reference; the spec's ModalInteractionCallbackRequestData): `custom_id` 1–100 characters,
 * `title` 1–45, 1–5 components — an action row holding exactly one text input (with its `label`), a Label
 * (type 18: `label` 1–45, `description` ≤ 100, one component) or a Text Display (type 10, `content` 1–4000).
 * A text input has a `custom_id` 1–100 unique in the form, `style` 1 (short) or 2 (paragraph), `placeholder`
 * ≤ 100, `value` ≤ 4000, `min_length` 0–4000, `max_length` 1–4000. Broken rules are Discord's 50035
 * form-body items, at their path. Then what a person types in each field is held to the field's rules as
 * the client holds it (required, min/max length), and the submission is built in Discord's shape
 * (DOCS "Text Input Interaction Response Structure": each component with its `id`, inputs with their
 * `value`). Pure.
 */
import { withComponentIds } from './component-ids.js';

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

export type ModalItem = ModalInput | ModalText;

export interface Modal {
  customId: string;
  title: string;
  items: ModalItem[];
}

const LIMITS = { customId: 100, title: 45, components: 5, label: 45, description: 100, placeholder: 100, value: 4000, length: 4000, content: 4000 } as const;
const ComponentType = { ActionRow: 1, TextInput: 4, TextDisplay: 10, Label: 18 } as const;

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
    problems.push(inLabel ? { path: `${path}.type`, code: 'UNION_TYPE_CHOICES', message: "The emulator's client fills text inputs (type 4) only: a select, checkbox or file upload in a form is not played yet." } : typeChoices(`${path}.type`, [ComponentType.TextInput]));
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
    const input = body.component === undefined ? undefined : textInput(object(body.component), `${path}.component`, true, problems);
    if (!input || label === undefined) return undefined;
    return { ...input, label, ...(description ? { description } : {}), container: { type: 18, id } };
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

/** Why the client would not submit `typed` in this field yet, or undefined. */
export function fieldProblem(input: ModalInput, typed: string): string | undefined {
  const length = [...typed].length;
  const name = input.label || input.customId;
  if (length === 0) return input.required ? `${name} is required` : undefined;
  if (length < input.minLength) return `${name} must be at least ${input.minLength} characters (it has ${length})`;
  if (length > input.maxLength) return `${name} must be at most ${input.maxLength} characters (it has ${length})`;
  return undefined;
}

/** The text each field holds: what was typed, else what the bot filled in. */
export function filledValues(modal: Modal, typed: Readonly<Record<string, string>>): Record<string, string> {
  return Object.fromEntries(modalInputs(modal).map((input) => [input.customId, Object.hasOwn(typed, input.customId) ? typed[input.customId]! : input.value]));
}

/** Why the client would not submit the form with `typed`: a field it does not have, or a field's own rule. */
export function submissionProblems(modal: Modal, typed: Readonly<Record<string, string>>): string[] {
  const inputs = modalInputs(modal);
  const unknown = Object.keys(typed).filter((name) => !inputs.some((input) => input.customId === name));
  const values = filledValues(modal, typed);
  return [
    ...unknown.map((name) => `the form "${modal.title}" has no field ${name}: its fields are ${inputs.map((input) => input.customId).join(', ')}`),
    ...inputs.flatMap((input) => fieldProblem(input, values[input.customId]!) ?? []),
  ];
}

/** `data.components` of the MODAL_SUBMIT, as Discord sends it: the form's layout with each field's value. */
export function submittedComponents(modal: Modal, typed: Readonly<Record<string, string>>): unknown[] {
  const values = filledValues(modal, typed);
  return modal.items.map((item) => {
    if (item.kind === 'text') return { type: ComponentType.TextDisplay, id: item.id };
    const input = { type: ComponentType.TextInput, id: item.id, custom_id: item.customId, value: values[item.customId] };
    return item.container.type === ComponentType.Label
      ? { type: ComponentType.Label, id: item.container.id, component: input }
      : { type: ComponentType.ActionRow, id: item.container.id, components: [input] };
  });
}
