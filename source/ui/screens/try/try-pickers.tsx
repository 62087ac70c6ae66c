/**
 * The Try form's pickers (FilterPicker): a select of the bot's reply (several values, marked, for a
 * multi-select) pressed with what was picked, and a row's choices — the guild's members (searched as
 * typed), roles, channels, locales, the command's choices, or the bot's suggestions.
 */
import { LOCALES } from '../../../discord/model.js';
import { withMembers } from '../../../discord/overwrite-targets.js';
import { filterPickerItems } from '../command-editor/picker-items.js';
import { FilterPicker } from '../permissions/filter-picker.js';
import type { MemberSearchState } from '../permissions/use-member-search.js';
import type { ReplyComponent } from './reply-conversation.js';
import { selectChoices, SEND_PICKED } from './select-choices.js';
import { rowChoices, type TryPlace, type TryRow } from './try-form.js';
import type { TryFormModel } from './use-try-form.js';

interface PickerProps {
  model: TryFormModel;
  height: number;
  active: boolean;
}

/** The menu of a select in the bot's reply: what is picked is sent as the client sends a select's values. */
export function ReplySelectPicker({ model, selecting, height, active }: PickerProps & { selecting: ReplyComponent }) {
  const { state, dispatch, delivery, place, load } = model;
  const picker = state.picker!;
  const { component, messageId } = selecting;
  const picked = picker.picked ?? [];
  const choose = (values: string[]) => {
    dispatch({ type: 'picker', picker: undefined });
    delivery.press({ messageId, customId: component.customId!, values }, `the pick in ${component.label}`, `picked ${values.join(', ') || 'nothing'} in ${component.label}`);
  };
  const items = filterPickerItems(selectChoices(component, place.directory, picked).map((choice) => ({ ...choice, value: choice.key })), picker.query);
  return (
    <FilterPicker
      title={`${component.label}${component.maxValues > 1 ? ` — pick ${component.minValues === component.maxValues ? component.minValues : `${component.minValues} to ${component.maxValues}`}` : ''}`}
      query={picker.query}
      onQueryChange={(next) => dispatch({ type: 'picker', picker: { ...picker, query: next } })}
      items={items}
      emptyText={component.type === 3 ? 'Nothing it offers matches.' : load.status === 'ready' ? 'Nothing in the guild matches.' : 'Still reading the guild…'}
      onPick={(value) => {
        if (component.maxValues <= 1) choose([value]);
        else if (value === SEND_PICKED) choose(picked);
        else dispatch({ type: 'picker', picker: { ...picker, picked: picked.includes(value) ? picked.filter((one) => one !== value) : [...picked, value] } });
      }}
      onClose={() => dispatch({ type: 'picker', picker: undefined })}
      height={height}
      active={active}
    />
  );
}

/** Whether a row's picker offers the guild's members (searched as typed beyond the first page). */
export function picksMembers(row: TryRow | undefined, suggestions: boolean): boolean {
  return !suggestions && (row?.kind === 'member' || (row?.kind === 'option' && (row.input === 'user' || row.input === 'mentionable')));
}

/** A row's choices, or the bot's suggestions for an autocomplete option. */
export function RowPicker({ model, row, search, height, active }: PickerProps & { row: TryRow; search: MemberSearchState }) {
  const { state, dispatch, load, place, form, actions } = model;
  const { query, suggestions } = state.picker!;
  const searched: TryPlace = { ...place, directory: withMembers(place.directory, search.members) };
  const choices = suggestions
    ? (state.suggestions?.choices ?? []).map((choice) => ({ key: String(choice.value), label: choice.name, note: JSON.stringify(choice.value) }))
    : rowChoices(row, form, searched, LOCALES);
  const items = filterPickerItems(choices.map((choice) => ({ ...choice, value: choice.key })), query);
  return (
    <FilterPicker
      title={suggestions ? 'The bot suggests' : `Choose: ${row.kind === 'option' ? row.option.name : row.kind}`}
      query={query}
      onQueryChange={(next) => dispatch({ type: 'picker', picker: { ...state.picker!, query: next } })}
      items={items}
      emptyText={load.status === 'ready' ? 'Nothing to choose here matches.' : load.status === 'error' ? load.message : 'Still reading the guild…'}
      {...(search.note ? { status: search.note } : {})}
      onPick={(value) => {
        const found = search.members.find((member) => member.user?.id === value);
        if (found) actions.meet(found);
        actions.pick(row, value, suggestions === true);
      }}
      onClose={() => dispatch({ type: 'picker', picker: undefined })}
      height={height}
      active={active}
    />
  );
}
