/**
 * The form (modal) a bot opened, over the Try screen as Discord's client shows it: its title, its text
 * displays, and each field with its label (`*` required), description, placeholder and what the bot put in
 * it — a text input typed in, a select (string, user, role, mentionable, channel) picked from with enter as
 * on a message (its defaults picked at first), a file upload given the paths of its files (read and uploaded
 * when the form is submitted); each held to its rules as it is filled in (discord/modal-rules.ts, the rules
 * the emulator applies). A paragraph is typed on several lines (enter starts one). tab/shift+tab move between
 * the fields and Submit; ctrl+s, or enter on Submit, submits it while nothing breaks a rule; esc closes it
 * and sends nothing, as the client does (asking first when something was typed). The title and Submit stay
 * on screen at any size; the fields between them give way by priority and scroll (form-layout.ts).
 * Everything in it comes from the bot and goes through the sanitizing Text.
 */
import { Box } from 'ink';
import { useState, type ReactElement } from 'react';
import { fieldProblem, filledValues, modalFields, TextInputStyle, type FormValue, type ModalField, type ModalFile, type ModalInput } from '../../../discord/modal-rules.js';
import { SELECT_NAMES } from '../../../discord/message-components.js';
import type { GuildDirectory } from '../../../discord/overwrite-targets.js';
import { filterPickerItems } from '../command-editor/picker-items.js';
import { FilterPicker } from '../permissions/filter-picker.js';
import { selectChoices, SEND_PICKED } from './select-choices.js';
import { wrapText } from '../../../terminal/wrap-text.js';
import { ConfirmDialog } from '../../components/confirm-dialog.js';
import { Footer, useFooterRows } from '../../components/footer.js';
import { Text } from '../../components/text.js';
import { TextArea } from '../../components/text-area.js';
import { TextField } from '../../components/text-field.js';
import { textRows } from '../../components/text-rows.js';
import { Priority, useKeyHandler } from '../../input/dispatcher.js';
import { actionFor } from '../../input/key-bindings.js';
import { useUnsavedQuitGuard } from '../../input/use-unsaved-quit-guard.js';
import { useTheme } from '../../theme/theme-context.js';
import { formLayout, type FieldRows } from './form-layout.js';
import type { OpenForm } from './reply-conversation.js';

export interface FormDialogProps {
  form: OpenForm;
  /** The guild's members, roles and channels: what a user, role, mentionable or channel select offers. */
  directory: GuildDirectory;
  width: number;
  /** Rows it may take, its footer included. */
  height: number;
  active: boolean;
  /** `files`: each file upload's paths, read and uploaded with the submit. */
  onSubmit: (values: Record<string, FormValue>, files: Record<string, string[]>) => void;
  /** Closed without submitting: `typed` says whether anything typed was dropped. */
  onClose: (typed: boolean) => void;
  /** ctrl+c with something typed, and the user agreed to quit. */
  onQuit: () => void;
}

const SUBMIT = '\u0000submit';
/** Rows a focused paragraph opens to at most (its text scrolls inside them). */
const PARAGRAPH_ROWS = 5;

/** A file upload's paths as typed: separated by commas. */
function pathsOf(text: string): string[] {
  return text.split(',').map((path) => path.trim()).filter(Boolean);
}

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

export function FormDialog({ form, directory, width, height, active, onSubmit, onClose, onQuit }: FormDialogProps) {
  const theme = useTheme();
  const fields = modalFields(form.modal);
  // What is typed: a text input's text, a file upload's paths; what is picked: a select's values.
  const [typed, setTyped] = useState<Record<string, string>>({});
  const [picked, setPicked] = useState<Record<string, string[]>>({});
  const [picker, setPicker] = useState<{ field: string; query: string; marked: string[] } | undefined>(undefined);
  const [focus, setFocus] = useState(fields[0]?.customId ?? SUBMIT);
  // Problems show once a field has been filled in, or when a submit is refused.
  const [tried, setTried] = useState(false);
  const [asking, setAsking] = useState<'close' | 'quit' | undefined>(undefined);
  const given: Record<string, FormValue> = {
    ...Object.fromEntries(fields.filter((field) => field.kind === 'input' && Object.hasOwn(typed, field.customId)).map((field) => [field.customId, typed[field.customId]!])),
    ...picked,
  };
  const values = filledValues(form.modal, given);
  /** The value a field's rules are held to: a file upload's, the paths given (each uploads as one file). */
  const valueOf = (field: ModalField): FormValue => (field.kind === 'file' ? pathsOf(typed[field.customId] ?? '') : values[field.customId]!);
  const touched = (field: ModalField) => tried || Object.hasOwn(typed, field.customId) || Object.hasOwn(picked, field.customId);
  const problemOf = (field: ModalField) => fieldProblem(field, valueOf(field));
  const problems = fields.flatMap((field) => problemOf(field) ?? []);
  const order = [...fields.map((field) => field.customId), SUBMIT];
  const changed = Object.keys(typed).length > 0 || Object.keys(picked).length > 0;
  const submit = () => {
    if (problems.length > 0) setTried(true);
    else onSubmit(given, Object.fromEntries(fields.filter((field): field is ModalFile => field.kind === 'file').map((field) => [field.customId, pathsOf(typed[field.customId] ?? '')])));
  };
  const focusedField = fields.find((field) => field.customId === focus);
  const close = () => (changed ? setAsking('close') : onClose(false));
  useKeyHandler(
    Priority.overlay,
    (chord) => {
      const action = actionFor(chord, 'try');
      if (action === 'nextField' || action === 'prevField') {
        const at = order.indexOf(focus);
        setFocus(order[Math.max(0, Math.min(order.length - 1, at + (action === 'nextField' ? 1 : -1)))]!);
      } else if (action === 'send' || (action === 'activate' && focus === SUBMIT)) submit();
      else if (action === 'activate' && focusedField?.kind === 'select') setPicker({ field: focusedField.customId, query: '', marked: [...(values[focusedField.customId] as readonly string[])] });
      else if (action === 'activate') setFocus(order[order.indexOf(focus) + 1]!);
      else if (action === 'back') close();
      else return false;
      return true;
    },
    active && asking === undefined && !picker,
  );
  useUnsavedQuitGuard(changed, () => setAsking('quit'), active && asking === undefined && !picker);

  const footerRows = useFooterRows();
  if (asking) {
    return (
      <ConfirmDialog
        title={asking === 'quit' ? `Quit cmd-tui? What you typed in "${form.modal.title}" is not sent.` : `Close "${form.modal.title}" without submitting?`}
        confirmLabel={asking === 'quit' ? 'Quit' : 'Close it'}
        onConfirm={() => (asking === 'quit' ? onQuit() : onClose(true))}
        onCancel={() => setAsking(undefined)}
      >
        <Text>{`Nothing is sent to ${form.botName}: the client sends a form only when it is submitted.${asking === 'quit' ? ' ctrl+c again quits.' : ''}`}</Text>
      </ConfirmDialog>
    );
  }

  const picking = picker ? fields.find((field) => field.customId === picker.field) : undefined;
  if (picker && picking?.kind === 'select') {
    const select = picking.select;
    const choose = (chosen: string[]) => {
      setPicked({ ...picked, [picking.customId]: chosen });
      setPicker(undefined);
    };
    const choices = selectChoices(select, directory, picker.marked).map((choice) => (choice.key === SEND_PICKED ? { ...choice, label: `✓ done: ${picker.marked.length} picked` } : choice));
    return (
      <FilterPicker
        title={`${picking.label}${select.maxValues > 1 ? ` — pick ${countOf(select.minValues, select.maxValues, 'value')}` : ''}`}
        query={picker.query}
        onQueryChange={(query) => setPicker({ ...picker, query })}
        items={filterPickerItems(choices.map((choice) => ({ ...choice, value: choice.key })), picker.query)}
        emptyText={select.type === 3 ? 'Nothing it offers matches.' : 'Nothing in the guild matches.'}
        onPick={(value) => {
          if (select.maxValues <= 1) choose([value]);
          else if (value === SEND_PICKED) choose(picker.marked);
          else setPicker({ ...picker, marked: picker.marked.includes(value) ? picker.marked.filter((one) => one !== value) : [...picker.marked, value] });
        }}
        onClose={() => setPicker(undefined)}
        height={height}
        active={active}
      />
    );
  }

  const inner = (border: boolean) => Math.max(10, width - (border ? 4 : 0));
  /** A select's picks by name, as its menu lists them. */
  const pickedNames = (field: Extract<ModalField, { kind: 'select' }>) => {
    const names = new Map(selectChoices({ ...field.select, maxValues: 1 }, directory, []).map((choice) => [choice.key, choice.label]));
    return (values[field.customId] as readonly string[]).map((value) => names.get(value) ?? value);
  };
  // Each field's rows at the width without a border (the narrower one differs by a row at most where a description wraps).
  const paragraphRows = (input: ModalInput, room: number) => Math.min(PARAGRAPH_ROWS, Math.max(2, textRows(values[input.customId] as string, room).length + 1));
  const isParagraph = (field: ModalField): field is ModalInput => field.kind === 'input' && field.style === TextInputStyle.Paragraph;
  const rowsOf = (field: ModalField): FieldRows => {
    const focused = focus === field.customId;
    const problem = touched(field) && problemOf(field) !== undefined ? 1 : 0;
    const open = focused && isParagraph(field);
    const core = 1 + (open ? 2 : 1) + problem;
    return { key: field.customId, core, whole: core + (field.description ? 1 : 0) + (open ? paragraphRows(field, inner(false) - 2) - 2 : 0) };
  };
  const texts = form.modal.items.filter((item) => item.kind === 'text');
  const textLines = (room: number) => texts.flatMap((item) => wrapText(item.content, room));
  // The form's text displays are read before its fields: laid out as one more item, never focused.
  const displayRows = textLines(inner(false)).length;
  const laidOut: FieldRows[] = [
    ...(displayRows > 0 ? [{ key: '\u0000text', core: Math.min(2, displayRows), whole: displayRows }] : []),
    ...fields.map(rowsOf),
  ];
  const layout = formLayout(laidOut, focus === SUBMIT ? undefined : focus, height - footerRows);
  const room = inner(layout.border);
  const fieldWidth = room - 2;

  const rows: ReactElement[] = [];
  if (layout.above > 0) rows.push(<Text key="above" color={theme.text.secondary} wrap="truncate">{`  ↑ ${layout.above} more row${layout.above === 1 ? '' : 's'} of the form above`}</Text>);
  const displayMode = layout.shown['\u0000text'];
  if (displayMode && displayMode !== 'hidden') {
    const lines = textLines(room);
    const shownLines = displayMode === 'whole' ? lines : [...lines.slice(0, 1), ...(lines.length > 1 ? [`… (${lines.length - 1} more line${lines.length === 2 ? '' : 's'} of the bot's text: a taller terminal shows them)`] : [])];
    shownLines.forEach((line, index) => rows.push(<Text key={`text:${index}`} wrap="truncate">{line}</Text>));
  }
  for (const input of fields) {
    const mode = layout.shown[input.customId];
    if (!mode || mode === 'hidden') continue;
    const focused = focus === input.customId;
    const whole = mode === 'whole';
    const problem = touched(input) ? problemOf(input) : undefined;
    const paragraph = input.kind === 'input' && input.style === TextInputStyle.Paragraph;
    const onText = (next: string) => setTyped({ ...typed, [input.customId]: next });
    const field: ReactElement[] = [
      <Text key="label" wrap="truncate" bold>
        <Text color={theme.ui.selected}>{focused ? '▸ ' : '  '}</Text>
        {input.label}
        {input.required ? <Text color={theme.status.error}>*</Text> : null}
        <Text color={theme.text.secondary}>{`  ${limitsOf(input, values[input.customId]!, typed[input.customId] ?? '')}`}</Text>
      </Text>,
    ];
    if (whole && input.description) field.push(<Text key="description" wrap="truncate" color={theme.text.secondary}>{`  ${input.description}`}</Text>);
    if (input.kind === 'select') {
      const names = pickedNames(input);
      field.push(
        <Text key="value" wrap="truncate">
          {'  '}
          {names.length > 0 ? <Text inverse={focused}>{names.join(', ')}</Text> : <Text color={theme.text.secondary} inverse={focused}>{input.select.placeholder ?? '(nothing picked)'}</Text>}
        </Text>,
      );
    } else if (input.kind === 'file') {
      field.push(
        <Text key="value" wrap="truncate">
          {'  '}
          <TextField value={typed[input.customId] ?? ''} onChange={onText} focused={focused && active} width={fieldWidth} placeholder="./report.txt, ~/shot.png" inOverlay />
        </Text>,
      );
    } else if (paragraph && focused) {
      const text = values[input.customId] as string;
      const areaRows = whole ? paragraphRows(input, fieldWidth) : 2;
      field.push(
        <Box key="value" marginLeft={2} height={areaRows} flexShrink={0}>
          <TextArea value={text} onChange={onText} focused={active} width={fieldWidth} height={areaRows} multiline inOverlay {...(input.placeholder ? { placeholder: input.placeholder } : {})} />
        </Box>,
      );
    } else if (paragraph) {
      const text = values[input.customId] as string;
      const lines = text.split('\n');
      field.push(
        <Text key="value" wrap="truncate">
          {'  '}
          {text === '' ? <Text color={theme.text.secondary}>{input.placeholder ?? '—'}</Text> : lines[0]}
          {lines.length > 1 ? <Text color={theme.text.secondary}>{` (+${lines.length - 1} line${lines.length === 2 ? '' : 's'})`}</Text> : null}
        </Text>,
      );
    } else {
      field.push(
        <Text key="value" wrap="truncate">
          {'  '}
          <TextField value={values[input.customId] as string} onChange={onText} focused={focused && active} width={fieldWidth} placeholder={input.placeholder ?? ''} inOverlay />
        </Text>,
      );
    }
    if (problem) field.push(<Text key="problem" wrap="truncate" color={theme.status.error}>{'  ✗ '}{problem}</Text>);
    rows.push(
      <Box key={input.customId} flexDirection="column" flexShrink={0} marginTop={layout.spaced ? 1 : 0}>
        {field}
      </Box>,
    );
  }
  if (layout.below > 0) rows.push(<Text key="below" color={theme.text.secondary} wrap="truncate">{`  ↓ ${layout.below} more row${layout.below === 1 ? '' : 's'} of the form below (tab)`}</Text>);

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
            <Text color={theme.ui.selected}>{focus === SUBMIT ? '▸ ' : '  '}</Text>
            <Text inverse={focus === SUBMIT} bold>[ Submit ]</Text>
            <Text color={problems.length > 0 && tried ? theme.status.warning : theme.text.secondary}>
              {'  '}
              {problems.length > 0 && tried ? `not yet: ${problems[0]}` : 'ctrl+s submits · esc closes it and sends nothing'}
            </Text>
          </Text>
        </Box>
      </Box>
      <Box flexGrow={1} />
      <Footer scope="try" />
    </Box>
  );
}
