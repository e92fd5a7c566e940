import { MAX_BULK_IDS } from '@switchboard/contract';
import { describe, expect, it } from 'vitest';
import {
  isSelected,
  loadedState,
  NO_SELECTION,
  selectAllMatching,
  selectedCount,
  selectionProblem,
  toBulkSelections,
  toExportSelection,
  toggle,
  toggleLoaded,
  toggleRange,
} from './selection';

const loaded = ['a', 'b', 'c', 'd', 'e'];

describe('ticking rows', () => {
  it('ticks and unticks one row at a time', () => {
    const one = toggle(NO_SELECTION, 'b');
    expect(isSelected(one, 'b')).toBe(true);
    expect(selectedCount(one, 100)).toBe(1);
    expect(isSelected(toggle(one, 'b'), 'b')).toBe(false);
  });

  it('with Shift, gives the rows from the last ticked one to this one its new state', () => {
    const range = toggleRange(toggle(NO_SELECTION, 'b'), 'd', loaded);
    expect(loaded.filter((id) => isSelected(range, id))).toEqual(['b', 'c', 'd']);
    // Upwards from the anchor (d), unticking: the range takes the clicked row's new state.
    const untick = toggleRange(range, 'c', loaded);
    expect(loaded.filter((id) => isSelected(untick, id))).toEqual(['b']);
    const again = toggleRange(toggle(untick, 'e'), 'c', loaded);
    expect(loaded.filter((id) => isSelected(again, id))).toEqual(['b', 'c', 'd', 'e']);
  });

  it('treats Shift without an anchor as a plain tick', () => {
    expect(loaded.filter((id) => isSelected(toggleRange(NO_SELECTION, 'c', loaded), id))).toEqual(['c']);
  });
});

describe('the header checkbox', () => {
  it('ticks every loaded row, then clears them all', () => {
    expect(loadedState(NO_SELECTION, loaded)).toBe('none');
    expect(loadedState(toggle(NO_SELECTION, 'a'), loaded)).toBe('some');
    const all = toggleLoaded(toggle(NO_SELECTION, 'a'), loaded);
    expect(loadedState(all, loaded)).toBe('all');
    expect(toggleLoaded(all, loaded)).toBe(NO_SELECTION);
  });
});

describe('all matching contacts', () => {
  it('counts the matching total minus the rows unticked by hand', () => {
    const all = selectAllMatching();
    expect(isSelected(all, 'not-loaded-yet')).toBe(true);
    expect(selectedCount(all, undefined)).toBeUndefined();
    const fewer = toggle(toggle(all, 'a'), 'b');
    expect(selectedCount(fewer, 1_000_000)).toBe(999_998);
    expect(isSelected(toggle(fewer, 'a'), 'a')).toBe(true);
  });

  it('is sent as the filter, with the unticked rows as exceptions', () => {
    const filter = { tag: 'vip' };
    expect(toBulkSelections(selectAllMatching(), filter)).toEqual([{ filter }]);
    expect(toBulkSelections(toggle(selectAllMatching(), 'a'), filter)).toEqual([{ filter, exceptIds: ['a'] }]);
  });

  it('cannot be sent with more exceptions than one call takes', () => {
    let selection = selectAllMatching();
    for (let i = 0; i <= MAX_BULK_IDS; i += 1) selection = toggle(selection, `id-${i}`);
    expect(selectionProblem(selection)).toBe('tooManyExceptions');
    expect(selectionProblem(toggle(selectAllMatching(), 'a'))).toBeNull();
  });
});

describe('rows ticked by hand', () => {
  it('are sent as ids, in parts one call takes', () => {
    const ids = Array.from({ length: MAX_BULK_IDS + 5 }, (_, i) => `id-${i}`);
    const parts = toBulkSelections(toggleLoaded(NO_SELECTION, ids), {});
    expect(parts).toHaveLength(2);
    expect(parts.map((part) => ('ids' in part ? part.ids.length : 0))).toEqual([MAX_BULK_IDS, 5]);
  });

  it('exports as one selection, or not at all when it does not fit one request', () => {
    const filter = { tag: 'vip' };
    expect(toExportSelection(toggle(NO_SELECTION, 'a'), filter)).toEqual({ ids: ['a'] });
    expect(toExportSelection(toggle(selectAllMatching(), 'b'), filter)).toEqual({ filter, exceptIds: ['b'] });
    const many = toggleLoaded(
      NO_SELECTION,
      Array.from({ length: MAX_BULK_IDS + 1 }, (_, i) => `id-${i}`),
    );
    expect(toExportSelection(many, filter)).toBeNull();
  });
});
