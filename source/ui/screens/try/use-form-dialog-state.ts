/**
 * The state of a bot's form (form-dialog.tsx): what is typed (a text input's text, a file upload's
 * paths) and picked (a select's values), the field in focus, the select's picker while open, whether a
 * submit was tried (problems show once a field is filled in, or when a submit is refused), and the
 * question asked before closing or quitting with something typed; and the form's keys.
 */
import { useState } from 'react';
import { fieldProblem, filledValues, modalFields, type FormValue, type ModalField, type ModalFile } from '../../../discord/modal-rules.js';
import { Priority, useKeyHandler } from '../../input/dispatcher.js';
import { actionFor } from '../../input/key-bindings.js';
import { useUnsavedQuitGuard } from '../../input/use-unsaved-quit-guard.js';
import type { OpenForm } from './reply-conversation.js';

/** The focus on the form's Submit button (no field has this id). */
export const SUBMIT = '\u0000submit';

/** A file upload's paths as typed: separated by commas. */
export function pathsOf(text: string): string[] {
  return text.split(',').map((path) => path.trim()).filter(Boolean);
}

export interface FormPicker {
  field: string;
  query: string;
  marked: string[];
}

export function useFormDialogState(form: OpenForm) {
  const fields = modalFields(form.modal);
  const [typed, setTyped] = useState<Record<string, string>>({});
  const [picked, setPicked] = useState<Record<string, string[]>>({});
  const [picker, setPicker] = useState<FormPicker | undefined>(undefined);
  const [focus, setFocus] = useState(fields[0]?.customId ?? SUBMIT);
  const [tried, setTried] = useState(false);
  const [asking, setAsking] = useState<'close' | 'quit' | undefined>(undefined);
  const given: Record<string, FormValue> = {
    ...Object.fromEntries(fields.filter((field) => field.kind === 'input' && Object.hasOwn(typed, field.customId)).map((field) => [field.customId, typed[field.customId]!])),
    ...picked,
  };
  const values = filledValues(form.modal, given);
  /** The value a field's rules are held to: a file upload's, the paths given (each uploads as one file). */
  const valueOf = (field: ModalField): FormValue => (field.kind === 'file' ? pathsOf(typed[field.customId] ?? '') : values[field.customId]!);
  const problemOf = (field: ModalField) => fieldProblem(field, valueOf(field));
  return {
    fields,
    typed,
    values,
    given,
    picker,
    focus,
    tried,
    asking,
    problems: fields.flatMap((field) => problemOf(field) ?? []),
    changed: Object.keys(typed).length > 0 || Object.keys(picked).length > 0,
    /** A field's problem once it has been filled in, or a submit was tried. */
    shownProblem: (field: ModalField) => (tried || Object.hasOwn(typed, field.customId) || Object.hasOwn(picked, field.customId) ? problemOf(field) : undefined),
    /** The paths of each file upload, read and uploaded with the submit. */
    files: () => Object.fromEntries(fields.filter((field): field is ModalFile => field.kind === 'file').map((field) => [field.customId, pathsOf(typed[field.customId] ?? '')])),
    type: (customId: string, text: string) => setTyped((current) => ({ ...current, [customId]: text })),
    pick: (customId: string, chosen: string[]) => {
      setPicked((current) => ({ ...current, [customId]: chosen }));
      setPicker(undefined);
    },
    setPicker,
    setFocus,
    refuseSubmit: () => setTried(true),
    ask: setAsking,
  };
}

export type FormDialogState = ReturnType<typeof useFormDialogState>;

/** tab/shift+tab move between the fields and Submit; ctrl+s (or enter on Submit) submits; enter on a select opens its picker; esc closes. */
export function useFormDialogInput(form: FormDialogState, active: boolean, submit: () => void, close: () => void): void {
  const { fields, focus, values, asking, picker } = form;
  const order = [...fields.map((field) => field.customId), SUBMIT];
  const focusedField = fields.find((field) => field.customId === focus);
  useKeyHandler(
    Priority.overlay,
    (chord) => {
      const action = actionFor(chord, 'try');
      if (action === 'nextField' || action === 'prevField') {
        const at = order.indexOf(focus);
        form.setFocus(order[Math.max(0, Math.min(order.length - 1, at + (action === 'nextField' ? 1 : -1)))]!);
      } else if (action === 'send' || (action === 'activate' && focus === SUBMIT)) submit();
      else if (action === 'activate' && focusedField?.kind === 'select') form.setPicker({ field: focusedField.customId, query: '', marked: [...(values[focusedField.customId] as readonly string[])] });
      else if (action === 'activate') form.setFocus(order[order.indexOf(focus) + 1]!);
      else if (action === 'back') close();
      else return false;
      return true;
    },
    active && asking === undefined && !picker,
  );
  useUnsavedQuitGuard(form.changed, () => form.ask('quit'), active && asking === undefined && !picker);
}
