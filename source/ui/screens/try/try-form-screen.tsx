/**
 * The Try form on an emulator (try-screen.tsx opens it): the rows to fill in as Discord's client lays
 * them out, the bot's reply, and over them whichever is open — a question before quitting with
 * something typed, a form the bot opened, a select's menu, or a row's picker.
 * State: use-try-form.ts; keys: use-try-input.ts; view: try-view.tsx; pickers: try-pickers.tsx.
 */
import { Box, useApp } from 'ink';
import { useState, type ReactElement } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog.js';
import { Footer, useFooterRows } from '../../components/footer.js';
import { Text } from '../../components/text.js';
import { useDisabledKeys } from '../../input/disabled-keys.js';
import { Priority, useKeyHandler } from '../../input/dispatcher.js';
import { actionFor } from '../../input/key-bindings.js';
import { useUnsavedQuitGuard } from '../../input/use-unsaved-quit-guard.js';
import { useAppContext } from '../../state/app-context.js';
import { useTheme } from '../../theme/theme-context.js';
import { useMemberSearch } from '../permissions/use-member-search.js';
import { FormDialog } from './form-dialog.js';
import { picksMembers, ReplySelectPicker, RowPicker } from './try-pickers.js';
import type { FitUnderDetails, TryScreenProps } from './try-on-emulator.js';
import { layOutTry, TryView, type TryLayout, type TryViewProps } from './try-view.js';
import { useTryForm, type TryFormModel, type TryFormOptions } from './use-try-form.js';
import { useTryInput } from './use-try-input.js';

/** Lines of the bot's reply the form asks room for beside its own rows (the emulator's details fold to give them). */
const REPLY_WANTED = 6;

/**
 * The form's keys beyond its rows' (use-try-input.ts): ctrl+t with no status up says in full why the
 * client would not send it yet; ctrl+c with something typed asks before quitting.
 */
function useTryFormKeys(model: TryFormModel, active: boolean, replyScroll: { page: number; max: number }) {
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
  useTryInput({ active: onForm && !askingToQuit, rows, components, focus, suggestions: state.suggestions, dispatch, send: actions.send, back: actions.back, use: actions.use, replyScroll });
  return { askingToQuit, stayAfterAll: () => setAskingToQuit(false) };
}

/** `fit`: under the emulator's details (try-on-emulator.tsx), which give the form its height and fold to leave it the rows it wants. */
export function TryForm({ height: screenHeight, width, active, fit, ...options }: TryScreenProps & Omit<TryFormOptions, 'command'> & { fit?: FitUnderDetails }) {
  const { command } = options;
  const { state: app, dispatch: appDispatch } = useAppContext();
  const { exit } = useApp();
  const theme = useTheme();
  const model = useTryForm(options);
  const { state, dispatch, rows, components, openForm, place, load, guildId, delivery } = model;
  const footerRows = useFooterRows();
  const guildLabel = app.identity.guilds.find((guild) => guild.id === guildId)?.name ?? (guildId ? `guild ${guildId}` : '(no guild: the app is in none)');
  const viewPropsAt = (formHeight: number): TryViewProps => ({
    command,
    rows,
    state: { ...state, focus: model.focus },
    place,
    guildLabel,
    height: Math.max(3, formHeight - footerRows - 1),
    width,
    typing: active && !state.picker,
    onText: (name, text) => dispatch({ type: 'value', name, text }),
    ...(load.status === 'error' ? { loadProblem: load.message } : {}),
  });
  // Laid out once per height in a render (each lays out every row and wraps the whole reply): the fold asks at one, the view is drawn at one.
  const layouts = new Map<number, TryLayout>();
  const layoutAt = (formHeight: number): TryLayout => {
    const made = layouts.get(formHeight) ?? layOutTry(viewPropsAt(formHeight), theme);
    layouts.set(formHeight, made);
    return made;
  };
  // What the form and a few lines of the reply want at a height, for the emulator's details above it to fold when they leave less.
  const rowsWanted = (formHeight: number) => {
    const { formLines, reply } = layoutAt(formHeight);
    return formLines + (reply.length > 0 ? 1 + Math.min(reply.length, REPLY_WANTED) : 0) + footerRows + 1;
  };
  const { height, details } = fit ? fit(rowsWanted) : { height: screenHeight, details: null };
  const viewProps = viewPropsAt(height);
  const layout = layoutAt(height);
  // A page keeps one line of the last in view, where the window has lines to spare.
  const keys = useTryFormKeys(model, active, { page: layout.room > 3 ? layout.room - 1 : Math.max(1, layout.room), max: layout.maxScroll });
  const pickerRow = state.picker ? rows.find((candidate) => candidate.key === state.picker!.row) : undefined;
  const search = useMemberSearch(guildId ?? '0', state.picker?.query ?? '', picksMembers(pickerRow, state.picker?.suggestions === true) && (state.picker?.query.trim() ?? '') !== '');
  // Whatever the form shows, the emulator's details (if any) are above it.
  const under = (shown: ReactElement) => (
    <>
      {details}
      {shown}
    </>
  );
  if (keys.askingToQuit) {
    return under(
      <ConfirmDialog title={`Quit cmd-tui? What you typed into ${model.title} is not kept.`} confirmLabel="Quit" onConfirm={exit} onCancel={keys.stayAfterAll}>
        <Text>What is filled in on this form is lost when cmd-tui quits. ctrl+c again quits.</Text>
      </ConfirmDialog>,
    );
  }
  if (openForm) {
    return under(
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
      />,
    );
  }
  const selecting = state.picker ? components.find((component) => component.key === state.picker!.row) : undefined;
  if (selecting) return under(<ReplySelectPicker model={model} selecting={selecting} height={height} active={active} />);
  if (pickerRow) return under(<RowPicker model={model} row={pickerRow} search={search} height={height} active={active} />);
  return under(
    <Box flexDirection="column" flexGrow={1}>
      <TryView {...viewProps} layout={layout} />
      <Footer scope="try" hide={layout.maxScroll > 0 ? [] : ['pageUp', 'pageDown']} />
    </Box>,
  );
}
