import { describe, expect, it } from 'vitest';
import {
  changeUsersQuery,
  pageCount,
  paramsFromUsersQuery,
  usersQueryFromParams,
  usersQueryString,
} from './users-filters';

const params = (text: string) => new URLSearchParams(text);

describe('the user list in the URL', () => {
  it('reads search, filters, page and page size', () => {
    expect(usersQueryFromParams(params('q=ada&role=editor&status=blocked&page=3&perPage=25'))).toEqual({
      q: 'ada',
      role: 'editor',
      status: 'blocked',
      page: 3,
      perPage: 25,
    });
  });

  it('falls back to the defaults for unknown or out-of-range values', () => {
    expect(usersQueryFromParams(params('q=%20%20&role=owner&status=gone&page=0&perPage=30'))).toEqual({
      page: 1,
      perPage: 10,
    });
    expect(usersQueryFromParams(params('page=2.5'))).toEqual({ page: 1, perPage: 10 });
  });

  it('leaves defaults out of the address and round-trips the rest', () => {
    expect(paramsFromUsersQuery({ page: 1, perPage: 10 }).toString()).toBe('');
    const query = { q: 'ada', status: 'active' as const, page: 2, perPage: 50 };
    expect(usersQueryFromParams(paramsFromUsersQuery(query))).toEqual(query);
  });

  it('always sends page and page size to the API', () => {
    expect(usersQueryString({ page: 1, perPage: 10 })).toBe('page=1&perPage=10');
    expect(usersQueryString({ role: 'admin', page: 4, perPage: 100 })).toBe('role=admin&page=4&perPage=100');
  });
});

describe('changing the user list', () => {
  const query = { q: 'ada', role: 'editor' as const, page: 4, perPage: 25 };

  it('starts again at page 1 when the search, a filter or the page size changes', () => {
    expect(changeUsersQuery(query, { status: 'blocked' })).toEqual({ ...query, status: 'blocked', page: 1 });
    expect(changeUsersQuery(query, { perPage: 100 })).toEqual({ ...query, perPage: 100, page: 1 });
  });

  it('keeps the filters when only the page changes, and drops a cleared filter', () => {
    expect(changeUsersQuery(query, { page: 5 })).toEqual({ ...query, page: 5 });
    expect(changeUsersQuery(query, { role: undefined, q: '' })).toEqual({ page: 1, perPage: 25 });
  });

  it('counts at least one page', () => {
    expect(pageCount(0, 10)).toBe(1);
    expect(pageCount(26, 25)).toBe(2);
  });
});
