/**
 * What a bot's form draws (form-dialog.tsx), from its state alone: the title, the bot's text displays,
 * each field (label, limits, description, value, problem) as the layout gives it room (form-layout.ts),
 * Submit, a select's picker, and the question before closing with something typed.
 */
import { Box } from 'ink';
import type { ReactElement } from 'react';
import { SELECT_NAMES } from '../../../discord/message-components.js';
import { TextInputStyle, type FormValue, type ModalField, type ModalInput } from '../../../discord/modal-rules.js';
import type { GuildDirectory } from '../../../discord/overwrite-targets.js';
import { wrapText } from '../../../terminal/wrap-text.js';
import { ConfirmDialog } from '../../components/confirm-dialog.js';
import { Footer } from '../../components/footer.js';
import { Text } from '../../components/text.js';
import { TextArea } from '../../components/text-area.js';
import { TextField } from '../../components/text-field.js';
import { textRows } from '../../components/text-rows.js';
import { useTheme } from '../../theme/theme-context.js';
import { filterPickerItems } from '../command-editor/picker-items.js';
import { FilterPicker } from '../permissions/filter-picker.js';
import { formLayout, type FieldRows, type FormLayout } from './form-layout.js';
import type { OpenForm } from './reply-conversation.js';
import { selectChoices, SEND_PICKED } from './select-choices.js';
import { pathsOf, SUBMIT, type FormDialogState } from './use-form-dialog-state.js';

/** Rows a focused paragraph opens to at most (its text scrolls inside them). */
const PARAGRAPH_ROWS = 5;
const TEXT_DISPLAYS = '\u0000text';

function countOf(least: number, most: number, what: string): string {
  return `${least === most ? least : least === 0 ? `up to ${most}` : `${least}–${most}`} ${what}${most === 1 ? '' : 's'}`;
}

/** What the field takes, beside its label. */
function limitsOf(field: ModalField, value: FormValue, typed: string): string {
  if (field.kind === 'input') {
    const span = field.minLength > 0 ? `${field.minLength}–${field.maxLength}` : `up to ${field.maxLength}`;
    return `${span} · ${[...(value as string)].length}/${field.maxLength}${field.style === TextInputStyle.Paragraph ? ' · paragraph: enter starts a line' : ''}`;
  }
  if (field.kind === 'file') return `${countOf(field.minValues, field.maxValues, 'file')} · paths, separated by commas (${pathsOf(typed).length} given)`;
  return `${SELECT_NAMES[field.select.type] ?? 'select'} · ${countOf(field.select.minValues, field.select.maxValues, 'value')} · enter picks`;
}

const isParagraph = (field: ModalField): field is ModalInput => field.kind === 'input' && field.style === TextInputStyle.Paragraph;
const paragraphRows = (text: string, room: number) => Math.min(PARAGRAPH_ROWS, Math.max(2, textRows(text, room).length + 1));
const textLines = (form: OpenForm, room: number) => form.modal.items.flatMap((item) => (item.kind === 'text' ? wrapText(item.content, room) : []));

/** Where the form's parts go in `height` rows at `width`: the layout, and the room inside its border. */
export function layOutForm(form: OpenForm, state: FormDialogState, width: number, height: number): { layout: FormLayout; room: number } {
  const inner = (border: boolean) => Math.max(10, width - (border ? 4 : 0));
  // Each field's rows at the width without a border (the narrower one differs by a row at most where a description wraps).
  const rowsOf = (field: ModalField): FieldRows => {
    const open = state.focus === field.customId && isParagraph(field);
    const core = 1 + (open ? 2 : 1) + (state.shownProblem(field) !== undefined ? 1 : 0);
    return { key: field.customId, core, whole: core + (field.description ? 1 : 0) + (open ? paragraphRows(state.values[field.customId] as string, inner(false) - 2) - 2 : 0) };
  };
  // The form's text displays are read before its fields: laid out as one more item, never focused.
  const displayRows = textLines(form, inner(false)).length;
  const laidOut: FieldRows[] = [...(displayRows > 0 ? [{ key: TEXT_DISPLAYS, core: Math.min(2, displayRows), whole: displayRows }] : []), ...state.fields.map(rowsOf)];
  const layout = formLayout(laidOut, state.focus === SUBMIT ? undefined : state.focus, height);
  return { layout, room: inner(layout.border) };
}

interface FieldViewProps {
  field: ModalField;
  state: FormDialogState;
  directory: GuildDirectory;
  whole: boolean;
  spaced: boolean;
  active: boolean;
  fieldWidth: number;
}

/** A select's picks by name, as its menu lists them. */
function pickedNames(field: Extract<ModalField, { kind: 'select' }>, values: readonly string[], directory: GuildDirectory): string[] {
  const names = new Map(selectChoices({ ...field.select, maxValues: 1 }, directory, []).map((choice) => [choice.key, choice.label]));
  return values.map((value) => names.get(value) ?? value);
}

/** The value row(s) of a field: a select's picks, a text field, or a paragraph (open while focused). */
function FieldValue({ field, state, directory, whole, active, fieldWidth }: Omit<FieldViewProps, 'spaced'>) {
  const theme = useTheme();
  const focused = state.focus === field.customId;
  const onText = (next: string) => state.type(field.customId, next);
  const value = state.values[field.customId];
  if (field.kind === 'select') {
    const names = pickedNames(field, value as readonly string[], directory);
    return (
      <Text wrap="truncate">
        {'  '}
        {names.length > 0 ? <Text inverse={focused}>{names.join(', ')}</Text> : <Text color={theme.text.secondary} inverse={focused}>{field.select.placeholder ?? '(nothing picked)'}</Text>}
      </Text>
    );
  }
  const paragraph = field.kind === 'input' && field.style === TextInputStyle.Paragraph;
  if (field.kind === 'file' || !paragraph) {
    const [text, placeholder] = field.kind === 'file' ? [state.typed[field.customId] ?? '', './report.txt, ~/shot.png'] : [value as string, field.placeholder ?? ''];
    return (
      <Text wrap="truncate">
        {'  '}
        <TextField value={text} onChange={onText} focused={focused && active} width={fieldWidth} placeholder={placeholder} inOverlay />
      </Text>
    );
  }
  const text = value as string;
  if (focused) {
    const areaRows = whole ? paragraphRows(text, fieldWidth) : 2;
    return (
      <Box marginLeft={2} height={areaRows} flexShrink={0}>
        <TextArea value={text} onChange={onText} focused={active} width={fieldWidth} height={areaRows} multiline inOverlay {...(field.placeholder ? { placeholder: field.placeholder } : {})} />
      </Box>
    );
  }
  const lines = text.split('\n');
  return (
    <Text wrap="truncate">
      {'  '}
      {text === '' ? <Text color={theme.text.secondary}>{field.placeholder ?? '—'}</Text> : lines[0]}
      {lines.length > 1 ? <Text color={theme.text.secondary}>{` (+${lines.length - 1} line${lines.length === 2 ? '' : 's'})`}</Text> : null}
    </Text>
  );
}

/** One field: its label with `*` and its limits, its description when whole, its value, and its problem. */
function FieldView(props: FieldViewProps) {
  const theme = useTheme();
  const { field, state, whole, spaced } = props;
  const problem = state.shownProblem(field);
  return (
    <Box flexDirection="column" flexShrink={0} marginTop={spaced ? 1 : 0}>
      <Text wrap="truncate" bold>
        <Text color={theme.ui.selected}>{state.focus === field.customId ? '▸ ' : '  '}</Text>
        {field.label}
        {field.required ? <Text color={theme.status.error}>*</Text> : null}
        <Text color={theme.text.secondary}>{`  ${limitsOf(field, state.values[field.customId]!, state.typed[field.customId] ?? '')}`}</Text>
      </Text>
      {whole && field.description ? <Text wrap="truncate" color={theme.text.secondary}>{`  ${field.description}`}</Text> : null}
      <FieldValue {...props} />
      {problem ? (
        <Text wrap="truncate" color={theme.status.error}>
          {'  ✗ '}
          {problem}
        </Text>
      ) : null}
    </Box>
  );
}

export interface FormDialogViewProps {
  form: OpenForm;
  state: FormDialogState;
  directory: GuildDirectory;
  layout: FormLayout;
  room: number;
  height: number;
  active: boolean;
}

export function FormDialogView({ form, state, directory, layout, room, height, active }: FormDialogViewProps) {
  const theme = useTheme();
  const rows: ReactElement[] = [];
  if (layout.above > 0) rows.push(<Text key="above" color={theme.text.secondary} wrap="truncate">{`  ↑ ${layout.above} more row${layout.above === 1 ? '' : 's'} of the form above`}</Text>);
  const displayMode = layout.shown[TEXT_DISPLAYS];
  if (displayMode && displayMode !== 'hidden') {
    const lines = textLines(form, room);
    const shownLines = displayMode === 'whole' ? lines : [...lines.slice(0, 1), ...(lines.length > 1 ? [`… (${lines.length - 1} more line${lines.length === 2 ? '' : 's'} of the bot's text: a taller terminal shows them)`] : [])];
    shownLines.forEach((line, index) => rows.push(<Text key={`text:${index}`} wrap="truncate">{line}</Text>));
  }
  for (const field of state.fields) {
    const mode = layout.shown[field.customId];
    if (mode && mode !== 'hidden') rows.push(<FieldView key={field.customId} field={field} state={state} directory={directory} whole={mode === 'whole'} spaced={layout.spaced} active={active} fieldWidth={room - 2} />);
  }
  if (layout.below > 0) rows.push(<Text key="below" color={theme.text.secondary} wrap="truncate">{`  ↓ ${layout.below} more row${layout.below === 1 ? '' : 's'} of the form below (tab)`}</Text>);
  const refused = state.problems.length > 0 && state.tried;
  return (
    <Box flexDirection="column" height={height}>
      <Box flexDirection="column" flexShrink={0} {...(layout.border ? { borderStyle: 'round' as const, borderColor: theme.ui.border, paddingX: 1 } : {})}>
        <Text bold wrap="truncate">
          {form.modal.title}
          <Text color={theme.text.secondary}> — a form from {form.botName}</Text>
        </Text>
        {rows}
        <Box marginTop={layout.spaced ? 1 : 0} flexShrink={0}>
          <Text wrap="truncate">
            <Text color={theme.ui.selected}>{state.focus === SUBMIT ? '▸ ' : '  '}</Text>
            <Text inverse={state.focus === SUBMIT} bold>[ Submit ]</Text>
            <Text color={refused ? theme.status.warning : theme.text.secondary}>
              {'  '}
              {refused ? `not yet: ${state.problems[0]}` : 'ctrl+s submits · esc closes it and sends nothing'}
            </Text>
          </Text>
        </Box>
      </Box>
      <Box flexGrow={1} />
      <Footer scope="try" />
    </Box>
  );
}

/** A select's choices to pick from (several, marked, for a multi-select), filtered by what is typed. */
export function FormSelectPicker({ state, field, directory, height, active }: { state: FormDialogState; field: Extract<ModalField, { kind: 'select' }>; directory: GuildDirectory; height: number; active: boolean }) {
  const picker = state.picker!;
  const { select } = field;
  const choices = selectChoices(select, directory, picker.marked).map((choice) => (choice.key === SEND_PICKED ? { ...choice, label: `✓ done: ${picker.marked.length} picked` } : choice));
  return (
    <FilterPicker
      title={`${field.label}${select.maxValues > 1 ? ` — pick ${countOf(select.minValues, select.maxValues, 'value')}` : ''}`}
      query={picker.query}
      onQueryChange={(query) => state.setPicker({ ...picker, query })}
      items={filterPickerItems(choices.map((choice) => ({ ...choice, value: choice.key })), picker.query)}
      emptyText={select.type === 3 ? 'Nothing it offers matches.' : 'Nothing in the guild matches.'}
      onPick={(value) => {
        if (select.maxValues <= 1) state.pick(field.customId, [value]);
        else if (value === SEND_PICKED) state.pick(field.customId, picker.marked);
        else state.setPicker({ ...picker, marked: picker.marked.includes(value) ? picker.marked.filter((one) => one !== value) : [...picker.marked, value] });
      }}
      onClose={() => state.setPicker(undefined)}
      height={height}
      active={active}
    />
  );
}

/** Asked before a form with something typed closes (esc) or the app quits (ctrl+c): nothing is sent either way. */
export function FormLeaveQuestion({ form, asking, onConfirm, onCancel }: { form: OpenForm; asking: 'close' | 'quit'; onConfirm: () => void; onCancel: () => void }) {
  return (
    <ConfirmDialog
      title={asking === 'quit' ? `Quit cmd-tui? What you typed in "${form.modal.title}" is not sent.` : `Close "${form.modal.title}" without submitting?`}
      confirmLabel={asking === 'quit' ? 'Quit' : 'Close it'}
      onConfirm={onConfirm}
      onCancel={onCancel}
    >
      <Text>{`Nothing is sent to ${form.botName}: the client sends a form only when it is submitted.${asking === 'quit' ? ' ctrl+c again quits.' : ''}`}</Text>
    </ConfirmDialog>
  );
}
