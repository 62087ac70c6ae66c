/**
 * The Try form on an emulator (try-screen.tsx opens it): the rows to fill in as Discord's client lays
 * them out, the bot's reply, and over them whichever is open — a question before quitting with
 * something typed, a form the bot opened, a select's menu, or a row's picker.
 * State: use-try-form.ts; keys: use-try-input.ts; view: try-view.tsx; pickers: try-pickers.tsx.
 */
import { Box, useApp } from 'ink';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog.js';
import { Footer, useFooterRows } from '../../components/footer.js';
import { Text } from '../../components/text.js';
import { useDisabledKeys } from '../../input/disabled-keys.js';
import { Priority, useKeyHandler } from '../../input/dispatcher.js';
import { actionFor } from '../../input/key-bindings.js';
import { useUnsavedQuitGuard } from '../../input/use-unsaved-quit-guard.js';
import { useAppContext } from '../../state/app-context.js';
import { useMemberSearch } from '../permissions/use-member-search.js';
import { FormDialog } from './form-dialog.js';
import { picksMembers, ReplySelectPicker, RowPicker } from './try-pickers.js';
import type { TryScreenProps } from './try-on-emulator.js';
import { TryView } from './try-view.js';
import { useTryForm, type TryFormModel, type TryFormOptions } from './use-try-form.js';
import { useTryInput } from './use-try-input.js';

/**
 * The form's keys beyond its rows' (use-try-input.ts): ctrl+t with no status up says in full why the
 * client would not send it yet; ctrl+c with something typed asks before quitting.
 */
function useTryFormKeys(model: TryFormModel, active: boolean) {
  const { state: app, dispatch: appDispatch } = useAppContext();
  const { state, form, openForm, sendProblems, title } = model;
  const onForm = active && !openForm && !state.picker;
  useDisabledKeys('try', {}, onForm, sendProblems.length > 0);
  useKeyHandler(
    Priority.screen,
    (chord) => {
      if (actionFor(chord, 'try') !== 'showMessage' || app.flash || sendProblems.length === 0) return false;
      appDispatch({ type: 'overlay', overlay: { kind: 'message', title: `Why Discord's client would not send ${title} yet`, text: sendProblems.join('\n\n') } });
      return true;
    },
    onForm,
  );
  const [askingToQuit, setAskingToQuit] = useState(false);
  const typedSomething = Object.values(form.values).some((value) => value !== '');
  useUnsavedQuitGuard(typedSomething && !openForm, () => setAskingToQuit(true), active && !askingToQuit);
  const { rows, components, focus, dispatch, actions } = model;
  useTryInput({ active: onForm && !askingToQuit, rows, components, focus, suggestions: state.suggestions, dispatch, send: actions.send, back: actions.back, use: actions.use });
  return { askingToQuit, stayAfterAll: () => setAskingToQuit(false) };
}

export function TryForm({ height, width, active, ...options }: TryScreenProps & Omit<TryFormOptions, 'command'>) {
  const { command } = options;
  const { state: app, dispatch: appDispatch } = useAppContext();
  const { exit } = useApp();
  const model = useTryForm(options);
  const { state, dispatch, rows, components, openForm, place, load, guildId, delivery } = model;
  const keys = useTryFormKeys(model, active);
  const footerRows = useFooterRows();
  const pickerRow = state.picker ? rows.find((candidate) => candidate.key === state.picker!.row) : undefined;
  const search = useMemberSearch(guildId ?? '0', state.picker?.query ?? '', picksMembers(pickerRow, state.picker?.suggestions === true) && (state.picker?.query.trim() ?? '') !== '');
  if (keys.askingToQuit) {
    return (
      <ConfirmDialog title={`Quit cmd-tui? What you typed into ${model.title} is not kept.`} confirmLabel="Quit" onConfirm={exit} onCancel={keys.stayAfterAll}>
        <Text>What is filled in on this form is lost when cmd-tui quits. ctrl+c again quits.</Text>
      </ConfirmDialog>
    );
  }
  if (openForm) {
    return (
      <FormDialog
        key={openForm.interactionId}
        form={openForm}
        directory={place.directory}
        width={width}
        height={height}
        active={active}
        onSubmit={(values, files) => {
          dispatch({ type: 'close-form', interactionId: openForm.interactionId });
          delivery.submit(openForm.interactionId, values, `the form "${openForm.modal.title}"`, `submitted "${openForm.modal.title}"`, files);
        }}
        onClose={(dropped) => {
          dispatch({ type: 'close-form', interactionId: openForm.interactionId });
          // As the client: closing a form sends nothing, and the bot is not told.
          appDispatch({ type: 'flash', text: `Closed "${openForm.modal.title}" without submitting it: nothing was sent to ${openForm.botName}${dropped ? ', and what you typed in it is gone' : ''}.`, tone: 'info' });
        }}
        onQuit={exit}
      />
    );
  }
  const selecting = state.picker ? components.find((component) => component.key === state.picker!.row) : undefined;
  if (selecting) return <ReplySelectPicker model={model} selecting={selecting} height={height} active={active} />;
  if (pickerRow) return <RowPicker model={model} row={pickerRow} search={search} height={height} active={active} />;
  const guildLabel = app.identity.guilds.find((guild) => guild.id === guildId)?.name ?? (guildId ? `guild ${guildId}` : '(no guild: the app is in none)');
  return (
    <Box flexDirection="column" flexGrow={1}>
      <TryView
        command={command}
        rows={rows}
        state={{ ...state, focus: model.focus }}
        place={place}
        guildLabel={guildLabel}
        height={Math.max(3, height - footerRows - 1)}
        width={width}
        typing={active && !state.picker}
        onText={(name, text) => dispatch({ type: 'value', name, text })}
        {...(load.status === 'error' ? { loadProblem: load.message } : {})}
      />
      <Footer scope="try" />
    </Box>
  );
}
