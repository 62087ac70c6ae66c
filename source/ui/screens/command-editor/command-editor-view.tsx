/**
 * The editor's view (its only state is the app's status, which the footer under it shows): title (with the count of problems and warnings), size meter with the biggest
 * contributors, problems about the whole command, then a window of fields around the focused one,
 * each with its problems wrapped right under it, and the editor's message.
 */
import { Box, useWindowSize } from 'ink';
import { Text } from '../../components/text.js';
import type { Problem } from '../../../discord/model.js';
import { LIMITS } from '../../../discord/model.js';
import { Footer, toneColor, useFooterRows } from '../../components/footer.js';
import { TextField } from '../../components/text-field.js';
import { bindingOf, keyLabel, type Action } from '../../input/key-bindings.js';
import { StatusLine, statusLines } from '../../components/status-line.js';
import { wrapText } from '../../../terminal/wrap-text.js';
import { textWidth } from '../../../terminal/text-width.js';
import { fittedName } from '../../format/title-with-counts.js';
import type { Tone } from '../../state/app-state.js';
import { useTheme } from '../../theme/theme-context.js';
import { isTextLike, type EditorField } from './editor-fields.js';
import type { PlacedProblems } from './field-problems.js';

export interface EditorViewProps {
  title: string;
  dirty: boolean;
  fields: readonly EditorField[];
  focusIndex: number;
  /** Text of each text-like field, by path. */
  texts: ReadonlyMap<string, string>;
  onText: (field: EditorField, text: string, typing: boolean) => void;
  problems: PlacedProblems;
  errorCount: number;
  warningCount: number;
  size: { total: number; biggest: string };
  message?: { text: string; tone: Tone };
  height: number;
  /** Item keys that do nothing at the focused field; the footer leaves them out. */
  idleKeys: readonly Action[];
  /** The draft is being saved: the focused field shows, but takes no typing (it would be lost when the save lands). */
  locked?: boolean;
}

/** One line of a problem, wrapped under its field. */
type ProblemRow = { kind: 'problem'; text: string; severity: Problem['severity']; key: string };
type Row = { kind: 'field'; field: EditorField; index: number } | ProblemRow;

function problemText(problem: Problem): string {
  return `${problem.severity === 'error' ? '✗' : '!'} ${problem.message}`;
}

/** A problem's lines at `width`, indented under its field, continuation lines under its text. */
function problemRows(problem: Problem, indent: number, width: number): ProblemRow[] {
  const pad = ' '.repeat(indent);
  return wrapText(problemText(problem), width - indent, '  ').map((text, line) => ({ kind: 'problem', text: pad + text, severity: problem.severity, key: `${problem.path}-${problem.rule}-${problem.message}-${line}` }));
}

export function CommandEditorView(props: EditorViewProps) {
  const theme = useTheme();
  const { fields, focusIndex, problems } = props;
  // The root leaves the last column free (app.tsx).
  const width = useWindowSize().columns - 1;
  const rows: Row[] = [];
  fields.forEach((field, index) => {
    rows.push({ kind: 'field', field, index });
    for (const problem of problems.byField.get(field.path) ?? []) rows.push(...problemRows(problem, field.indent * 2 + 4, width));
  });
  const focusRow = rows.findIndex((r) => r.kind === 'field' && r.index === focusIndex);
  const general = problems.general.slice(0, 3).flatMap((problem) => problemRows(problem, 0, width));
  const message = statusLines(props.message?.text, width, 'editor');
  // Title and size meter (two rows), the problems about the whole command, the message and the footer stay visible.
  const windowHeight = Math.max(3, props.height - 2 - general.length - message.length - useFooterRows());
  // The focused field a third of the way down, its problems under it in view too when the window allows.
  let focusEnd = focusRow;
  while (rows[focusEnd + 1]?.kind === 'problem') focusEnd += 1;
  const third = Math.max(0, Math.min(focusRow - Math.floor(windowHeight / 3), rows.length - windowHeight));
  const start = Math.min(focusRow, Math.max(third, focusEnd - windowHeight + 1));
  const over = props.size.total > LIMITS.commandSize;
  const problemColor = (severity: Problem['severity']) => (severity === 'error' ? theme.status.error : theme.status.warning);
  const counts = [
    props.errorCount > 0 ? `${props.errorCount} problem${props.errorCount === 1 ? '' : 's'}` : '',
    props.warningCount > 0 ? `${props.warningCount} warning${props.warningCount === 1 ? '' : 's'}` : '',
  ].filter(Boolean);
  const below = rows.slice(start + windowHeight).some((row) => row.kind === 'problem');
  // The counts stay whole on a narrow line; the title (a long guild name) gives way, and the pointer to more problems after it.
  const unsaved = props.dirty ? ' (unsaved)' : '';
  const countText = counts.length > 0 ? counts.join(', ') : 'no problems';
  const moreBelow = below ? ` (more below: ${keyLabel(bindingOf('nextProblem'))})` : '';
  return (
    <Box flexDirection="column" flexGrow={1}>
      <Text wrap="truncate">
        <Text bold>{fittedName(props.title, `${unsaved}  ${countText}`, width)}</Text>
        {props.dirty ? <Text color={theme.status.warning}>{unsaved}</Text> : null}
        {'  '}
        <Text color={props.errorCount > 0 ? theme.status.error : props.warningCount > 0 ? theme.status.warning : theme.status.success}>{countText}</Text>
        {below ? <Text color={theme.text.secondary}>{moreBelow}</Text> : null}
      </Text>
      <Text wrap="truncate" color={over ? theme.status.error : theme.text.secondary}>
        size {props.size.total}/{LIMITS.commandSize}
        {props.size.biggest ? ` · biggest: ${props.size.biggest}` : ''}
      </Text>
      {general.map((row) => (
        <Text key={`general-${row.key}`} color={problemColor(row.severity)}>
          {row.text}
        </Text>
      ))}
      <Box flexDirection="column" height={windowHeight} overflow="hidden">
        {rows.slice(start, start + windowHeight).map((row) =>
          row.kind === 'field' ? (
            <FieldRow key={row.field.path} field={row.field} focused={row.index === focusIndex} locked={props.locked === true} text={props.texts.get(row.field.path) ?? ''} onText={props.onText} width={width} />
          ) : (
            <Text key={row.key} wrap="truncate" color={problemColor(row.severity)}>
              {row.text}
            </Text>
          ),
        )}
      </Box>
      <StatusLine text={props.message?.text} color={props.message ? toneColor(theme, props.message.tone) : undefined} width={width} scope="editor" />
      <Footer scope="editor" hide={props.idleKeys} />
    </Box>
  );
}

interface FieldRowProps {
  field: EditorField;
  focused: boolean;
  locked: boolean;
  text: string;
  onText: (field: EditorField, text: string, typing: boolean) => void;
  /** The row's width: a text field scrolls in what is left after its label. */
  width: number;
}

/** The cells a field's value has on a row of `width`: what is left after the focus marker, the indent and the label. */
export function fieldValueWidth(field: EditorField, width: number): number {
  return Math.max(4, width - 2 - field.indent * 2 - textWidth(`${field.label}: `));
}

function FieldRow({ field, focused, locked, text, onText, width }: FieldRowProps) {
  const theme = useTheme();
  const pad = ' '.repeat(field.indent * 2);
  const valueWidth = fieldValueWidth(field, width);
  return (
    <Text wrap="truncate">
      <Text color={theme.ui.focus}>{focused ? '▸ ' : '  '}</Text>
      {pad}
      <Text bold={focused} color={focused ? theme.ui.focus : theme.text.secondary}>
        {field.label}:
      </Text>{' '}
      {isTextLike(field) ? (
        <TextField value={text} onChange={(value, typing) => onText(field, value, typing)} focused={focused && !locked} placeholder={field.hint} width={valueWidth} />
      ) : (
        <Text>
          {field.display}
          {focused && field.hint ? <Text color={theme.text.secondary}> ({field.hint})</Text> : null}
        </Text>
      )}
    </Text>
  );
}
