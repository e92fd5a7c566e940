import { USERS_PER_PAGE, type UserRole, type UserStatus, type UsersQuery } from '@switchboard/contract';

const ROLES: readonly UserRole[] = ['admin', 'editor'];
const STATUSES: readonly UserStatus[] = ['active', 'blocked', 'deactivated'];
export const DEFAULT_PER_PAGE = 10;

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined =>
  values.includes(value as T) ? (value as T) : undefined;

/**
 * The user list's search, filters and page as the URL holds them (`?q=&role=&status=&page=&perPage=`):
 * anything unknown or out of range falls back to the default, so a hand-edited link still works.
 */
export function usersQueryFromParams(params: URLSearchParams): UsersQuery {
  const q = params.get('q')?.trim().slice(0, 100);
  const page = Number(params.get('page'));
  const perPage = Number(params.get('perPage'));
  return {
    ...(q ? { q } : {}),
    ...(oneOf(ROLES, params.get('role')) ? { role: oneOf(ROLES, params.get('role')) } : {}),
    ...(oneOf(STATUSES, params.get('status')) ? { status: oneOf(STATUSES, params.get('status')) } : {}),
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    perPage: (USERS_PER_PAGE as readonly number[]).includes(perPage) ? perPage : DEFAULT_PER_PAGE,
  };
}

/** The URL parameters of a query: defaults left out, so the plain list has a plain address. */
export function paramsFromUsersQuery(query: UsersQuery): URLSearchParams {
  const params = new URLSearchParams();
  if (query.q) params.set('q', query.q);
  if (query.role) params.set('role', query.role);
  if (query.status) params.set('status', query.status);
  if (query.page > 1) params.set('page', String(query.page));
  if (query.perPage !== DEFAULT_PER_PAGE) params.set('perPage', String(query.perPage));
  return params;
}

/** The API's query string (page and page size always sent). */
export function usersQueryString(query: UsersQuery): string {
  const params = paramsFromUsersQuery(query);
  params.set('page', String(query.page));
  params.set('perPage', String(query.perPage));
  return params.toString();
}

/**
 * A change of search, filter or page size starts again at page 1 (page 7 of the old filter may not
 * exist in the new one); a change of page alone keeps the rest.
 */
export function changeUsersQuery(query: UsersQuery, change: Partial<UsersQuery>): UsersQuery {
  const next = { ...query, ...change };
  if (change.page === undefined) next.page = 1;
  for (const key of ['q', 'role', 'status'] as const) if (!next[key]) delete next[key];
  return next;
}

export function isFiltered(query: UsersQuery): boolean {
  return Boolean(query.q || query.role || query.status);
}

export function pageCount(total: number, perPage: number): number {
  return Math.max(1, Math.ceil(total / perPage));
}
