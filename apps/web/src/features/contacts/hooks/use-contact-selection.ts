import { useCallback, useLayoutEffect, useRef, useState } from 'react';
import { NO_SELECTION, selectAllMatching, toggle, toggleLoaded, toggleRange, type Selection } from '../lib/selection';

/**
 * The ticked contacts of the list shown. A selection belongs to one filter: when the filter
 * changes (`scope`), it is empty again, since "all matching" would mean other contacts now.
 */
export function useContactSelection(scope: string, loadedIds: readonly string[]) {
  const [state, setState] = useState<{ scope: string; selection: Selection }>({ scope, selection: NO_SELECTION });
  const selection = state.scope === scope ? state.selection : NO_SELECTION;
  const change = useCallback(
    (next: (current: Selection) => Selection) =>
      setState((current) => ({
        scope,
        selection: next(current.scope === scope ? current.selection : NO_SELECTION),
      })),
    [scope],
  );
  // Rows' callbacks stay the same while pages load (the rows are memoised); they read the ids here.
  const ids = useRef(loadedIds);
  useLayoutEffect(() => {
    ids.current = loadedIds;
  });

  return {
    selection,
    toggleRow: useCallback(
      (id: string, range: boolean) =>
        change((current) => (range ? toggleRange(current, id, ids.current) : toggle(current, id))),
      [change],
    ),
    toggleLoaded: useCallback(() => change((current) => toggleLoaded(current, ids.current)), [change]),
    selectAll: useCallback(() => change(selectAllMatching), [change]),
    clear: useCallback(() => change(() => NO_SELECTION), [change]),
  };
}
