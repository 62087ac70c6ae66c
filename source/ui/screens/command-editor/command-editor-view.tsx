/**
 * The editor, pure: title, size meter with the biggest contributors, problems about the whole command,
 * then a window of fields around the focused one, each with its problems right under it.
 */
import { Box } from 'ink';
import { Text } from '../../components/text.js';
import type { Problem } from '../../../discord/model.js';
import { LIMITS } from '../../../discord/model.js';
import { Footer, toneColor } from '../../components/footer.js';
import { TextField } from '../../components/text-field.js';
import type { Action } from '../../input/key-bindings.js';
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
  onText: (field: EditorField, text: string) => void;
  problems: PlacedProblems;
  errorCount: number;
  size: { total: number; biggest: string };
  message?: { text: string; tone: Tone };
  height: number;
  /** Item keys that do nothing at the focused field; the footer leaves them out. */
  idleKeys: readonly Action[];
}

type Row = { kind: 'field'; field: EditorField; index: number } | { kind: 'problem'; problem: Problem; indent: number };

export function CommandEditorView(props: EditorViewProps) {
  const theme = useTheme();
  const { fields, focusIndex, problems } = props;
  const rows: Row[] = [];
  fields.forEach((field, index) => {
    rows.push({ kind: 'field', field, index });
    for (const problem of problems.byField.get(field.path) ?? []) rows.push({ kind: 'problem', problem, indent: field.indent });
  });
  const focusRow = rows.findIndex((r) => r.kind === 'field' && r.index === focusIndex);
  const general = problems.general.slice(0, 3);
  // Title, size meter, message line and a footer of up to three lines stay visible.
  const windowHeight = Math.max(3, props.height - 7 - general.length);
  const start = Math.max(0, Math.min(focusRow - Math.floor(windowHeight / 3), rows.length - windowHeight));
  const over = props.size.total > LIMITS.commandSize;
  return (
    <Box flexDirection="column" flexGrow={1}>
      <Text wrap="truncate">
        <Text bold>{props.title}</Text>
        {props.dirty ? <Text color={theme.status.warning}> (unsaved)</Text> : null}
        {'  '}
        <Text color={props.errorCount > 0 ? theme.status.error : theme.status.success}>
          {props.errorCount > 0 ? `${props.errorCount} problem${props.errorCount === 1 ? '' : 's'}` : 'no problems'}
        </Text>
      </Text>
      <Text wrap="truncate" color={over ? theme.status.error : theme.text.secondary}>
        size {props.size.total}/{LIMITS.commandSize}
        {props.size.biggest ? ` · biggest: ${props.size.biggest}` : ''}
      </Text>
      {general.map((p, i) => (
        <Text key={`general-${i}`} wrap="truncate" color={p.severity === 'error' ? theme.status.error : theme.status.warning}>
          {p.severity === 'error' ? '✗' : '!'} {p.message}
        </Text>
      ))}
      <Box flexDirection="column" height={windowHeight} overflow="hidden">
        {rows.slice(start, start + windowHeight).map((row) =>
          row.kind === 'field' ? (
            <FieldRow key={row.field.path} field={row.field} focused={row.index === focusIndex} text={props.texts.get(row.field.path) ?? ''} onText={props.onText} />
          ) : (
            <Text key={`${row.problem.path}-${row.problem.rule}-${row.problem.message}`} wrap="truncate" color={row.problem.severity === 'error' ? theme.status.error : theme.status.warning}>
              {' '.repeat(row.indent * 2 + 4)}
              {row.problem.severity === 'error' ? '✗' : '!'} {row.problem.message}
            </Text>
          ),
        )}
      </Box>
      <Text wrap="truncate" color={props.message ? toneColor(theme, props.message.tone) : undefined}>
        {props.message?.text ?? ' '}
      </Text>
      <Footer scope="editor" hide={props.idleKeys} />
    </Box>
  );
}

function FieldRow({ field, focused, text, onText }: { field: EditorField; focused: boolean; text: string; onText: (field: EditorField, text: string) => void }) {
  const theme = useTheme();
  const pad = ' '.repeat(field.indent * 2);
  return (
    <Text wrap="truncate">
      <Text color={theme.ui.focus}>{focused ? '▸ ' : '  '}</Text>
      {pad}
      <Text bold={focused} color={focused ? theme.ui.focus : theme.text.secondary}>
        {field.label}:
      </Text>{' '}
      {isTextLike(field) ? (
        <TextField value={text} onChange={(value) => onText(field, value)} focused={focused} placeholder={field.hint} />
      ) : (
        <Text>
          {field.display}
          {focused && field.hint ? <Text color={theme.text.secondary}> ({field.hint})</Text> : null}
        </Text>
      )}
    </Text>
  );
}
