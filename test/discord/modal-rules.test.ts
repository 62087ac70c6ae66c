/**
 * A bot's form held to Discord's rules as the emulator holds it, agreeing with the spec's
 * ModalInteractionCallbackRequestData (through the discord-api-spec package, test/helpers/discord-spec.ts)
 * on every form below; each field held to its own rules as it is typed; the submission in Discord's shape.
 */
import { describe, expect, it } from 'vitest';
import { fieldProblem, modalInputs, readModal, submissionProblems, submittedComponents } from '../../source/discord/modal-rules.js';
import { schemaOf } from '../helpers/discord-spec.js';

const input = (customId: string, extra: Record<string, unknown> = {}) => ({ type: 4, custom_id: customId, style: 1, ...extra });
const row = (customId: string, extra: Record<string, unknown> = {}) => ({ type: 1, components: [input(customId, { label: customId, ...extra })] });
const label = (customId: string, extra: Record<string, unknown> = {}) => ({ type: 18, label: customId, component: input(customId, extra) });
const form = (components: unknown[], extra: Record<string, unknown> = {}) => ({ custom_id: 'f', title: 'A form', components, ...extra });

const specAccepts = (data: unknown) => schemaOf('ModalInteractionCallbackRequestData').safeParse(data).success;

describe('readModal agrees with the spec', () => {
  it.each<[string, unknown, string[]]>([
    ['a legacy action row', form([row('name')]), []],
    ['a Label with a description', form([{ ...label('topic'), description: 'What about' }]), []],
    ['a text display beside an input', form([{ type: 10, content: 'Read me' }, label('topic')]), []],
    ['five components', form([1, 2, 3, 4, 5].map((n) => label(`f${n}`))), []],
    ['a title of 46 characters', form([row('a')], { title: 'x'.repeat(46) }), ['data.title: Must be between 1 and 45 in length.']],
    ['an empty title', form([row('a')], { title: '' }), ['data.title: Must be between 1 and 45 in length.']],
    ['a custom_id of 101 characters', form([row('a')], { custom_id: 'x'.repeat(101) }), ['data.custom_id: Must be between 1 and 100 in length.']],
    ['no components', form([]), ['data.components: Must be between 1 and 5 in length.']],
    ['a text input style 3', form([row('a', { style: 3 })]), ['data.components[0].components[0].style: Value must be one of (1, 2).']],
    ['a label of 46 characters', form([{ ...label('a'), label: 'y'.repeat(46) }]), ['data.components[0].label: Must be between 1 and 45 in length.']],
    ['a placeholder of 101 characters', form([label('a', { placeholder: 'p'.repeat(101) })]), ['data.components[0].component.placeholder: Must be between 0 and 100 in length.']],
    ['a max_length of 4001', form([label('a', { max_length: 4001 })]), ['data.components[0].component.max_length: Int value should be between 1 and 4000.']],
    ['a button in a form', form([{ type: 2, style: 1, label: 'No', custom_id: 'no' }]), ['data.components[0].type: Value of field "type" must be one of (1, 10, 18).']],
    ['a string select in a Label', form([{ type: 18, label: 'Colour', component: { type: 3, custom_id: 'c', options: [{ label: 'Red', value: 'red' }] } }]), []],
    ['user, role, mentionable and channel selects in Labels', form([5, 6, 7, 8].map((type) => ({ type: 18, label: `t${type}`, component: { type, custom_id: `s${type}`, max_values: 2 } }))), []],
    ['a file upload in a Label', form([{ type: 18, label: 'Files', component: { type: 19, custom_id: 'files', min_values: 0, max_values: 10, required: false } }]), []],
    ['a file upload of 11 files', form([{ type: 18, label: 'Files', component: { type: 19, custom_id: 'files', max_values: 11 } }]), ['data.components[0].component.max_values: Int value should be between 1 and 10.']],
    ['a string select with no options', form([{ type: 18, label: 'Colour', component: { type: 3, custom_id: 'c', options: [] } }]), ['data.components[0].component.options: Must be between 1 and 25 in length.']],
  ])('%s', (_label, data, problems) => {
    const read = readModal(data);
    expect(read.problems.map((problem) => `${problem.path}: ${problem.message}`)).toEqual(problems);
    expect(specAccepts(data)).toBe(problems.length === 0);
  });

  it('refuses six components, which the spec allows but Discord and its docs do not ("between 1 and 5")', () => {
    expect(readModal(form([1, 2, 3, 4, 5, 6].map((n) => label(`f${n}`)))).problems.map((problem) => problem.code)).toEqual(['BASE_TYPE_BAD_LENGTH']);
  });

  it('refuses an action row of two text inputs, which the spec allows but the docs do not (one text input per row)', () => {
    expect(readModal(form([{ type: 1, components: [input('a', { label: 'a' }), input('b', { label: 'b' })] }])).problems.map((problem) => problem.path)).toEqual(['data.components[0].components']);
  });

  it('refuses two fields with one custom_id', () => {
    expect(readModal(form([label('same'), row('same')])).problems.map((problem) => problem.code)).toEqual(['COMPONENT_CUSTOM_ID_DUPLICATED']);
  });
});

describe('what a Label holds besides text', () => {
  it('refuses a checkbox, which the client the emulator plays does not fill in yet, saying so', () => {
    const read = readModal(form([{ type: 18, label: 'Agree', component: { type: 23, custom_id: 'ok' } }]));
    expect(read.problems.map((problem) => problem.message)).toEqual(['Value of field "type" must be one of (3, 4, 5, 6, 7, 8, 19): the emulator\'s client fills text inputs, selects and file uploads; a checkbox or radio group in a form is not played yet.']);
  });

  it('holds a select to its count and its defaults, and an optional upload may stay empty', () => {
    const modal = readModal(form([
      { type: 18, label: 'Colours', component: { type: 3, custom_id: 'colours', max_values: 2, options: [{ label: 'Red', value: 'red', default: true }, { label: 'Blue', value: 'blue' }] } },
      { type: 18, label: 'Files', component: { type: 19, custom_id: 'files', required: false, max_values: 3 } },
    ])).modal!;
    expect(submissionProblems(modal, {})).toEqual([]);
    expect(submittedComponents(modal, {})).toEqual([
      { type: 18, id: 1, component: { type: 3, id: 2, custom_id: 'colours', values: ['red'] } },
      { type: 18, id: 3, component: { type: 19, id: 4, custom_id: 'files', values: [] } },
    ]);
    expect(submissionProblems(modal, { colours: [], files: ['1', '2', '3', '4'] })).toEqual(['Colours is required: pick 1 to 2 values', 'Files takes 1 to 3 files, not 4']);
  });
});

describe('a field as it is typed', () => {
  const [topic, notes] = modalInputs(readModal(form([label('topic', { min_length: 3, max_length: 5 }), row('notes', { required: false, value: 'none' })])).modal!);

  it.each<[string, string | undefined]>([
    ['', 'topic is required'],
    ['ab', 'topic must be at least 3 characters (it has 2)'],
    ['abcdef', 'topic must be at most 5 characters (it has 6)'],
    ['abc', undefined],
    // Characters, not UTF-16 units: an emoji is one.
    ['👍👍👍', undefined],
  ])('%j → %s', (typed, problem) => {
    expect(fieldProblem(topic!, typed)).toBe(problem);
  });

  it('an optional field may stay empty, and starts with the value the bot gave it', () => {
    expect(fieldProblem(notes!, '')).toBeUndefined();
    expect(notes!.value).toBe('none');
  });
});

describe('the submission', () => {
  const modal = readModal(form([{ type: 10, content: 'Hi', id: 7 }, label('topic'), row('notes', { required: false })])).modal!;

  it('numbers the components as Discord does, skipping ids the bot chose, and carries every value', () => {
    expect(submittedComponents(modal, { topic: 'Bugs' })).toEqual([
      { type: 10, id: 7 },
      { type: 18, id: 1, component: { type: 4, id: 2, custom_id: 'topic', value: 'Bugs' } },
      { type: 1, id: 3, components: [{ type: 4, id: 4, custom_id: 'notes', value: '' }] },
    ]);
  });

  it('names a field the form does not have, and a required one left empty', () => {
    expect(submissionProblems(modal, { topc: 'x' })).toEqual(['the form "A form" has no field topc: its fields are topic, notes', 'topic is required']);
  });
});
