/**
 * The form (modal) a bot opened, over the Try screen as Discord's client shows it: its title, its text
 * displays, and each text input with its label (`*` required), description, placeholder and the text the
 * bot put in it; each field held to its rules as it is typed (discord/modal-rules.ts, the rules the
 * emulator applies). A paragraph is typed on several lines (enter starts one). tab/shift+tab move between
 * the fields and Submit; ctrl+s, or enter on Submit, submits it while nothing breaks a rule; esc closes it
 * and sends nothing, as the client does (asking first when something was typed). The title and Submit stay
 * on screen at any size; the fields between them give way by priority and scroll (form-layout.ts).
 * Everything in it comes from the bot and goes through the sanitizing Text.
 */
import { Box } from 'ink';
import { useState, type ReactElement } from 'react';
import { fieldProblem, filledValues, modalInputs, TextInputStyle, type ModalInput } from '../../../discord/modal-rules.js';
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
  width: number;
  /** Rows it may take, its footer included. */
  height: number;
  active: boolean;
  onSubmit: (values: Record<string, string>) => void;
  /** Closed without submitting: `typed` says whether anything typed was dropped. */
  onClose: (typed: boolean) => void;
  /** ctrl+c with something typed, and the user agreed to quit. */
  onQuit: () => void;
}

const SUBMIT = '\u0000submit';
/** Rows a focused paragraph opens to at most (its text scrolls inside them). */
const PARAGRAPH_ROWS = 5;

function limitsOf(input: ModalInput, length: number): string {
  const span = input.minLength > 0 ? `${input.minLength}–${input.maxLength}` : `up to ${input.maxLength}`;
  return `${span} · ${length}/${input.maxLength}${input.style === TextInputStyle.Paragraph ? ' · paragraph: enter starts a line' : ''}`;
}

export function FormDialog({ form, width, height, active, onSubmit, onClose, onQuit }: FormDialogProps) {
  const theme = useTheme();
  const inputs = modalInputs(form.modal);
  const [typed, setTyped] = useState<Record<string, string>>({});
  const [focus, setFocus] = useState(inputs[0]?.customId ?? SUBMIT);
  // Problems show once a field has been typed in, or when a submit is refused.
  const [tried, setTried] = useState(false);
  const [asking, setAsking] = useState<'close' | 'quit' | undefined>(undefined);
  const values = filledValues(form.modal, typed);
  const problems = inputs.flatMap((input) => fieldProblem(input, values[input.customId]!) ?? []);
  const order = [...inputs.map((input) => input.customId), SUBMIT];
  const changed = inputs.some((input) => values[input.customId] !== input.value);
  const submit = () => {
    if (problems.length > 0) setTried(true);
    else onSubmit(typed);
  };
  const close = () => (changed ? setAsking('close') : onClose(false));
  useKeyHandler(
    Priority.overlay,
    (chord) => {
      const action = actionFor(chord, 'try');
      if (action === 'nextField' || action === 'prevField') {
        const at = order.indexOf(focus);
        setFocus(order[Math.max(0, Math.min(order.length - 1, at + (action === 'nextField' ? 1 : -1)))]!);
      } else if (action === 'send' || (action === 'activate' && focus === SUBMIT)) submit();
      else if (action === 'activate') setFocus(order[order.indexOf(focus) + 1]!);
      else if (action === 'back') close();
      else return false;
      return true;
    },
    active && asking === undefined,
  );
  useUnsavedQuitGuard(changed, () => setAsking('quit'), active && asking === undefined);

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

  const inner = (border: boolean) => Math.max(10, width - (border ? 4 : 0));
  // Each field's rows at the width without a border (the narrower one differs by a row at most where a description wraps).
  const paragraphRows = (input: ModalInput, room: number) => Math.min(PARAGRAPH_ROWS, Math.max(2, textRows(values[input.customId]!, room).length + 1));
  const rowsOf = (input: ModalInput): FieldRows => {
    const focused = focus === input.customId;
    const paragraph = input.style === TextInputStyle.Paragraph;
    const problem = (tried || Object.hasOwn(typed, input.customId)) && fieldProblem(input, values[input.customId]!) !== undefined ? 1 : 0;
    const core = 1 + (focused && paragraph ? 2 : 1) + problem;
    return { key: input.customId, core, whole: core + (input.description ? 1 : 0) + (focused && paragraph ? paragraphRows(input, inner(false) - 2) - 2 : 0) };
  };
  const texts = form.modal.items.filter((item) => item.kind === 'text');
  const textLines = (room: number) => texts.flatMap((item) => wrapText(item.content, room));
  // The form's text displays are read before its fields: laid out as one more item, never focused.
  const displayRows = textLines(inner(false)).length;
  const fields: FieldRows[] = [
    ...(displayRows > 0 ? [{ key: '\u0000text', core: Math.min(2, displayRows), whole: displayRows }] : []),
    ...inputs.map(rowsOf),
  ];
  const layout = formLayout(fields, focus === SUBMIT ? undefined : focus, height - footerRows);
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
  for (const input of inputs) {
    const mode = layout.shown[input.customId];
    if (!mode || mode === 'hidden') continue;
    const text = values[input.customId]!;
    const focused = focus === input.customId;
    const whole = mode === 'whole';
    const problem = (tried || Object.hasOwn(typed, input.customId)) ? fieldProblem(input, text) : undefined;
    const paragraph = input.style === TextInputStyle.Paragraph;
    const onText = (next: string) => setTyped({ ...typed, [input.customId]: next });
    const field: ReactElement[] = [
      <Text key="label" wrap="truncate" bold>
        <Text color={theme.ui.selected}>{focused ? '▸ ' : '  '}</Text>
        {input.label}
        {input.required ? <Text color={theme.status.error}>*</Text> : null}
        <Text color={theme.text.secondary}>{`  ${limitsOf(input, [...text].length)}`}</Text>
      </Text>,
    ];
    if (whole && input.description) field.push(<Text key="description" wrap="truncate" color={theme.text.secondary}>{`  ${input.description}`}</Text>);
    if (paragraph && focused) {
      const areaRows = whole ? paragraphRows(input, fieldWidth) : 2;
      field.push(
        <Box key="value" marginLeft={2} height={areaRows} flexShrink={0}>
          <TextArea value={text} onChange={onText} focused={active} width={fieldWidth} height={areaRows} multiline inOverlay />
        </Box>,
      );
    } else if (paragraph) {
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
          <TextField value={text} onChange={onText} focused={focused && active} width={fieldWidth} placeholder={input.placeholder ?? ''} inOverlay />
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
