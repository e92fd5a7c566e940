import type { ContactSort } from '@switchboard/contract';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import {
  FIRST_ORDER,
  filtersFromParams,
  NO_FILTERS,
  paramsWithFilters,
  type ContactFilters,
} from '../lib/contact-filters';

export type Manage = 'lists' | 'fields';

/**
 * The contacts page's state as the URL holds it (a reload or a shared link keeps it): the
 * filters and order, the open contact (?contact=<id> or `new`) and manager (?manage=…).
 * Changes replace the history entry: typing a search does not make the back button step by letter.
 */
export function useContactsUrl() {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => filtersFromParams(params), [params]);
  const openContact = params.get('contact');
  const managing = params.get('manage');
  const manage: Manage | null = managing === 'lists' || managing === 'fields' ? managing : null;

  const setParam = useCallback(
    (name: 'contact' | 'manage', value: string | null) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (value) next.set(name, value);
          else next.delete(name);
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  /** Some filters change; the others (read from the URL as it is now) stay. */
  const changeFilters = useCallback(
    (change: Partial<ContactFilters>) =>
      setParams((current) => paramsWithFilters(current, { ...filtersFromParams(current), ...change }), {
        replace: true,
      }),
    [setParams],
  );
  const { sort, order } = filters;
  return {
    filters,
    openContact,
    manage,
    changeFilters,
    /** A column's header: the same column flips the order, another starts with its first one. */
    sortBy: useCallback(
      (next: ContactSort) =>
        changeFilters(
          next === sort ? { order: order === 'asc' ? 'desc' : 'asc' } : { sort: next, order: FIRST_ORDER[next] },
        ),
      [changeFilters, sort, order],
    ),
    /** Every filter and the search go; the order stays. */
    clearFilters: useCallback(() => changeFilters({ ...NO_FILTERS, sort, order }), [changeFilters, sort, order]),
    open: useCallback((id: string) => setParam('contact', id), [setParam]),
    close: useCallback(() => setParam('contact', null), [setParam]),
    setManage: useCallback((value: Manage | null) => setParam('manage', value), [setParam]),
  };
}
