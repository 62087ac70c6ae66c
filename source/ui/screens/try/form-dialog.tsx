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
 * State and keys: use-form-dialog-state.ts; views: form-dialog-view.tsx.
 */
import type { FormValue } from '../../../discord/modal-rules.js';
import type { GuildDirectory } from '../../../discord/overwrite-targets.js';
import { useFooterRows } from '../../components/footer.js';
import { FormDialogView, FormLeaveQuestion, FormSelectPicker, layOutForm } from './form-dialog-view.js';
import type { OpenForm } from './reply-conversation.js';
import { useFormDialogInput, useFormDialogState } from './use-form-dialog-state.js';

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

export function FormDialog({ form, directory, width, height, active, onSubmit, onClose, onQuit }: FormDialogProps) {
  const state = useFormDialogState(form);
  const submit = () => (state.problems.length > 0 ? state.refuseSubmit() : onSubmit(state.given, state.files()));
  useFormDialogInput(state, active, submit, () => (state.changed ? state.ask('close') : onClose(false)));
  const footerRows = useFooterRows();
  const { asking, picker } = state;
  if (asking) return <FormLeaveQuestion form={form} asking={asking} onConfirm={() => (asking === 'quit' ? onQuit() : onClose(true))} onCancel={() => state.ask(undefined)} />;
  const picking = picker ? state.fields.find((field) => field.customId === picker.field) : undefined;
  if (picking?.kind === 'select') return <FormSelectPicker state={state} field={picking} directory={directory} height={height} active={active} />;
  const { layout, room } = layOutForm(form, state, width, height - footerRows);
  return <FormDialogView form={form} state={state} directory={directory} layout={layout} room={room} height={height} active={active} />;
}
