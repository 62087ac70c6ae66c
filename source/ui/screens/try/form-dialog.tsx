/**
 * The form (modal) a bot opened, over the Try screen as Discord's client shows it: its title, its text
 * displays, and each text input with its label (`*` required), description, placeholder and the text the
 * bot put in it; each field held to its rules as it is typed (discord/modal-rules.ts, the rules the
 * emulator applies). tab/shift+tab move between the fields and Submit; ctrl+s, or enter on Submit, submits
 * it while nothing breaks a rule; esc closes it and sends nothing, as the client does. Everything in it
 * comes from the bot and goes through the sanitizing Text.
 */
import { Box } from 'ink';
import { useState } from 'react';
import { fieldProblem, filledValues, modalInputs, TextInputStyle } from '../../../discord/modal-rules.js';
import { Footer } from '../../components/footer.js';
import { Text } from '../../components/text.js';
import { TextField } from '../../components/text-field.js';
import { Priority, useKeyHandler } from '../../input/dispatcher.js';
import { actionFor } from '../../input/key-bindings.js';
import { useTheme } from '../../theme/theme-context.js';
import type { OpenForm } from './reply-conversation.js';

export interface FormDialogProps {
  form: OpenForm;
  width: number;
  active: boolean;
  onSubmit: (values: Record<string, string>) => void;
  onClose: () => void;
}

const SUBMIT = '\u0000submit';

export function FormDialog({ form, width, active, onSubmit, onClose }: FormDialogProps) {
  const theme = useTheme();
  const inputs = modalInputs(form.modal);
  const [typed, setTyped] = useState<Record<string, string>>({});
  const [focus, setFocus] = useState(inputs[0]?.customId ?? SUBMIT);
  // Problems show once a field has been typed in, or when a submit is refused.
  const [tried, setTried] = useState(false);
  const values = filledValues(form.modal, typed);
  const problems = inputs.flatMap((input) => fieldProblem(input, values[input.customId]!) ?? []);
  const order = [...inputs.map((input) => input.customId), SUBMIT];
  const submit = () => {
    if (problems.length > 0) setTried(true);
    else onSubmit(typed);
  };
  useKeyHandler(
    Priority.overlay,
    (chord) => {
      const action = actionFor(chord, 'try');
      if (action === 'nextField' || action === 'prevField') {
        const at = order.indexOf(focus);
        setFocus(order[Math.max(0, Math.min(order.length - 1, at + (action === 'nextField' ? 1 : -1)))]!);
      } else if (action === 'send' || (action === 'activate' && focus === SUBMIT)) submit();
      else if (action === 'activate') setFocus(order[order.indexOf(focus) + 1]!);
      else if (action === 'back') onClose();
      else return false;
      return true;
    },
    active,
  );
  const fieldWidth = Math.max(10, width - 8);
  return (
    <Box flexDirection="column" flexGrow={1}>
      <Box flexDirection="column" borderStyle="round" borderColor={theme.ui.border} paddingX={1} overflow="hidden">
        <Text bold wrap="truncate">
          {form.modal.title}
          <Text color={theme.text.secondary}> — a form from {form.botName}</Text>
        </Text>
        {form.modal.items.map((item) => {
          if (item.kind === 'text') return <Text key={`text:${item.id}`} wrap="wrap">{item.content}</Text>;
          const text = values[item.customId]!;
          const focused = focus === item.customId;
          const problem = (tried || Object.hasOwn(typed, item.customId)) ? fieldProblem(item, text) : undefined;
          const limits = `${item.minLength > 0 ? `${item.minLength}–` : 'up to '}${item.maxLength} characters · ${item.style === TextInputStyle.Paragraph ? 'paragraph' : 'short'}`;
          return (
            <Box key={item.customId} flexDirection="column" marginTop={1}>
              <Text wrap="truncate" bold>
                {item.label}
                {item.required ? <Text color={theme.status.error}>*</Text> : null}
                <Text color={theme.text.secondary}>  {limits} · {[...text].length}/{item.maxLength}</Text>
              </Text>
              {item.description ? <Text wrap="truncate" color={theme.text.secondary}>{item.description}</Text> : null}
              <Text wrap="truncate">
                <Text color={theme.ui.selected}>{focused ? '▸ ' : '  '}</Text>
                <TextField value={text} onChange={(next) => setTyped({ ...typed, [item.customId]: next })} focused={focused && active} width={fieldWidth} placeholder={item.placeholder ?? ''} />
              </Text>
              {problem ? <Text wrap="truncate" color={theme.status.error}>{'  ✗ '}{problem}</Text> : null}
            </Box>
          );
        })}
        <Box marginTop={1}>
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
      <Footer scope="try" />
    </Box>
  );
}
