import type {
  ContactCountQuerySchema,
  ContactExportQuery,
  ContactFilter,
  ContactPageQuery,
  ContactSort,
  SortOrder,
} from '@switchboard/contract';
import type { z } from 'zod';

export type ContactCountQuery = z.input<typeof ContactCountQuerySchema>;

/** null: everyone; true: only opted-out contacts; false: only subscribed ones. */
export type ConsentFilter = boolean | null;

/** The page's filters and order, as the URL holds them (a reload or a shared link keeps them). */
export interface ContactFilters {
  q: string;
  tag: string | null;
  listId: string | null;
  optedOut: ConsentFilter;
  /** A custom field and the exact value it must have; both or neither. */
  fieldKey: string | null;
  fieldValue: string;
  sort: ContactSort;
  order: SortOrder;
}

export const DEFAULT_SORT: Pick<ContactFilters, 'sort' | 'order'> = { sort: 'created', order: 'desc' };

export const NO_FILTERS: ContactFilters = {
  q: '',
  tag: null,
  listId: null,
  optedOut: null,
  fieldKey: null,
  fieldValue: '',
  ...DEFAULT_SORT,
};

/** Each column's first order when it is chosen: names A→Z, times newest first. */
export const FIRST_ORDER: Record<ContactSort, SortOrder> = { name: 'asc', created: 'desc', lastMessage: 'desc' };

const SORTS: readonly string[] = ['created', 'name', 'lastMessage'];

/** The URL's parameters for the filters (only what differs from the defaults). */
const PARAM = {
  q: 'q',
  tag: 'tag',
  listId: 'list',
  optedOut: 'optedOut',
  fieldKey: 'field',
  fieldValue: 'value',
  sort: 'sort',
  order: 'order',
} as const;

export function filtersFromParams(params: URLSearchParams): ContactFilters {
  const optedOut = params.get(PARAM.optedOut);
  const sort = params.get(PARAM.sort) ?? '';
  const order = params.get(PARAM.order);
  const fieldKey = params.get(PARAM.fieldKey) || null;
  return {
    q: params.get(PARAM.q) ?? '',
    tag: params.get(PARAM.tag) || null,
    listId: params.get(PARAM.listId) || null,
    optedOut: optedOut === 'true' ? true : optedOut === 'false' ? false : null,
    fieldKey,
    fieldValue: fieldKey ? (params.get(PARAM.fieldValue) ?? '') : '',
    sort: SORTS.includes(sort) ? (sort as ContactSort) : DEFAULT_SORT.sort,
    order:
      order === 'asc' || order === 'desc' ? order : SORTS.includes(sort) ? FIRST_ORDER[sort as ContactSort] : 'desc',
  };
}

/** The URL's parameters with these filters; the others (the open contact…) are kept. */
export function paramsWithFilters(current: URLSearchParams, filters: ContactFilters): URLSearchParams {
  const next = new URLSearchParams(current);
  for (const name of Object.values(PARAM)) next.delete(name);
  if (filters.q.trim()) next.set(PARAM.q, filters.q);
  if (filters.tag) next.set(PARAM.tag, filters.tag);
  if (filters.listId) next.set(PARAM.listId, filters.listId);
  if (filters.optedOut !== null) next.set(PARAM.optedOut, String(filters.optedOut));
  if (filters.fieldKey) {
    next.set(PARAM.fieldKey, filters.fieldKey);
    next.set(PARAM.fieldValue, filters.fieldValue);
  }
  if (filters.sort !== DEFAULT_SORT.sort || filters.order !== DEFAULT_SORT.order) {
    next.set(PARAM.sort, filters.sort);
    next.set(PARAM.order, filters.order);
  }
  return next;
}

/** A custom field filter applies once both its field and a value are chosen. */
export function hasFieldFilter(filters: ContactFilters): boolean {
  return Boolean(filters.fieldKey && filters.fieldValue.trim());
}

/** How many filters (besides the search and the order) are set. */
export function activeFilterCount(filters: ContactFilters): number {
  return [filters.tag, filters.listId, filters.optedOut !== null, hasFieldFilter(filters)].filter(Boolean).length;
}

export function isFiltered(filters: ContactFilters): boolean {
  return filters.q.trim() !== '' || activeFilterCount(filters) > 0;
}

/** Which contacts, as the bulk actions' "everything matching" names them. */
export function toContactFilter(filters: ContactFilters): ContactFilter {
  const filter: ContactFilter = {};
  const q = filters.q.trim();
  if (q) filter.q = q;
  if (filters.tag) filter.tag = filters.tag;
  if (filters.listId) filter.listId = filters.listId;
  if (filters.optedOut !== null) filter.optedOut = filters.optedOut;
  if (hasFieldFilter(filters)) {
    filter.fieldKey = filters.fieldKey!;
    filter.fieldValue = filters.fieldValue.trim();
  }
  return filter;
}

/** The count's query (GET /api/contacts/count): the filter in query-string form. */
export function toCountQuery(filters: ContactFilters): ContactCountQuery {
  const { optedOut, ...rest } = toContactFilter(filters);
  return optedOut === undefined ? rest : { ...rest, optedOut: optedOut ? 'true' : 'false' };
}

/** The list's query without its cursor: the filter and the order. */
export function toPageQuery(filters: ContactFilters): ContactPageQuery & ContactExportQuery {
  return { ...toCountQuery(filters), sort: filters.sort, order: filters.order };
}

/** A query object as a query string (undefined values left out). */
export function queryString(query: object): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, String(value));
  return params.toString();
}
