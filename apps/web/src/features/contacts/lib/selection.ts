import { MAX_BULK_IDS, type ContactFilter, type ContactSelection } from '@switchboard/contract';

/**
 * Which contacts are ticked. `ids`: the ones ticked by hand (only loaded rows can be ticked).
 * `matching`: every contact matching the filter, across all pages, loaded or not, except the
 * ones unticked by hand; it is what "Select all N matching" makes, and the server resolves it.
 */
export type Selection =
  { kind: 'ids'; ids: ReadonlySet<string>; anchor: string | null } | { kind: 'matching'; except: ReadonlySet<string> };

export const NO_SELECTION: Selection = { kind: 'ids', ids: new Set(), anchor: null };

export function isSelected(selection: Selection, id: string): boolean {
  return selection.kind === 'ids' ? selection.ids.has(id) : !selection.except.has(id);
}

/** How many contacts the selection holds; for `matching`, out of `total` (unknown while counting). */
export function selectedCount(selection: Selection, total: number | undefined): number | undefined {
  if (selection.kind === 'ids') return selection.ids.size;
  return total === undefined ? undefined : Math.max(0, total - selection.except.size);
}

export function isEmpty(selection: Selection, total: number | undefined): boolean {
  return selectedCount(selection, total) === 0;
}

function withChange(set: ReadonlySet<string>, ids: readonly string[], add: boolean): Set<string> {
  const next = new Set(set);
  for (const id of ids) {
    if (add) next.add(id);
    else next.delete(id);
  }
  return next;
}

/** Ticks or unticks one row; the row becomes the anchor of a following shift-click. */
export function toggle(selection: Selection, id: string): Selection {
  if (selection.kind === 'matching') {
    return { kind: 'matching', except: withChange(selection.except, [id], !selection.except.has(id)) };
  }
  return { kind: 'ids', ids: withChange(selection.ids, [id], !selection.ids.has(id)), anchor: id };
}

/**
 * Shift-click: the rows from the anchor to this one (in the order shown) take this row's new
 * state. Without an anchor among the loaded rows, it is a plain toggle.
 */
export function toggleRange(selection: Selection, id: string, loadedIds: readonly string[]): Selection {
  if (selection.kind !== 'ids' || !selection.anchor) return toggle(selection, id);
  const from = loadedIds.indexOf(selection.anchor);
  const to = loadedIds.indexOf(id);
  if (from < 0 || to < 0) return toggle(selection, id);
  const range = loadedIds.slice(Math.min(from, to), Math.max(from, to) + 1);
  return { kind: 'ids', ids: withChange(selection.ids, range, !selection.ids.has(id)), anchor: id };
}

/** The header checkbox: every loaded row, some, or none of them ticked. */
export function loadedState(selection: Selection, loadedIds: readonly string[]): 'all' | 'some' | 'none' {
  let ticked = 0;
  for (const id of loadedIds) if (isSelected(selection, id)) ticked += 1;
  if (ticked === 0) return 'none';
  return ticked === loadedIds.length ? 'all' : 'some';
}

/** The header checkbox's click: ticks every loaded row, or clears all when they all are ticked. */
export function toggleLoaded(selection: Selection, loadedIds: readonly string[]): Selection {
  if (loadedState(selection, loadedIds) === 'all') return NO_SELECTION;
  if (selection.kind === 'matching')
    return { kind: 'matching', except: withChange(selection.except, loadedIds, false) };
  return { kind: 'ids', ids: withChange(selection.ids, loadedIds, true), anchor: null };
}

export function selectAllMatching(): Selection {
  return { kind: 'matching', except: new Set() };
}

/** Why the selection cannot be sent as one bulk action, if it cannot. */
export function selectionProblem(selection: Selection): 'tooManyExceptions' | null {
  return selection.kind === 'matching' && selection.except.size > MAX_BULK_IDS ? 'tooManyExceptions' : null;
}

/**
 * The selection as one export's `selection`, or null when it does not fit one request (more rows
 * ticked by hand, or unticked from "all matching", than one call takes).
 */
export function toExportSelection(selection: Selection, filter: ContactFilter): ContactSelection | null {
  const parts = toBulkSelections(selection, filter);
  return parts.length === 1 && !selectionProblem(selection) ? parts[0]! : null;
}

/**
 * The bulk actions' `selection`s for this selection: one `{ filter, exceptIds }`, or the ticked
 * ids in parts of at most MAX_BULK_IDS (a person may tick more rows by hand than one call takes).
 */
export function toBulkSelections(selection: Selection, filter: ContactFilter): ContactSelection[] {
  if (selection.kind === 'matching') {
    return [selection.except.size ? { filter, exceptIds: [...selection.except] } : { filter }];
  }
  const ids = [...selection.ids];
  const parts: ContactSelection[] = [];
  for (let start = 0; start < ids.length; start += MAX_BULK_IDS)
    parts.push({ ids: ids.slice(start, start + MAX_BULK_IDS) });
  return parts;
}
