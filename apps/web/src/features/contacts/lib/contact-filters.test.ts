import { describe, expect, it } from 'vitest';
import {
  activeFilterCount,
  filtersFromParams,
  NO_FILTERS,
  paramsWithFilters,
  queryString,
  toContactFilter,
  toCountQuery,
  toPageQuery,
} from './contact-filters';

const LIST = '0b9c4a52-6a4e-4b8e-9a51-1f7d2c3e4a5b';

describe('contact filters in the URL', () => {
  it('reads an empty URL as no filters, newest first', () => {
    expect(filtersFromParams(new URLSearchParams())).toEqual(NO_FILTERS);
  });

  it('writes only what differs from the defaults and keeps the other parameters', () => {
    const params = paramsWithFilters(new URLSearchParams('contact=new'), {
      ...NO_FILTERS,
      q: 'maria',
      tag: 'vip',
      listId: LIST,
      optedOut: false,
      fieldKey: 'city',
      fieldValue: 'Berlin',
      sort: 'name',
      order: 'asc',
    });
    expect(params.toString()).toBe(
      `contact=new&q=maria&tag=vip&list=${LIST}&optedOut=false&field=city&value=Berlin&sort=name&order=asc`,
    );
    expect(filtersFromParams(params)).toEqual({
      q: 'maria',
      tag: 'vip',
      listId: LIST,
      optedOut: false,
      fieldKey: 'city',
      fieldValue: 'Berlin',
      sort: 'name',
      order: 'asc',
    });
  });

  it('drops the filters that are cleared, and the default order', () => {
    const params = paramsWithFilters(new URLSearchParams('q=x&tag=vip&sort=name&order=asc'), NO_FILTERS);
    expect(params.toString()).toBe('');
  });

  it('falls back to the defaults for an unknown order and gives a chosen column its first direction', () => {
    expect(filtersFromParams(new URLSearchParams('sort=age&order=up'))).toMatchObject({
      sort: 'created',
      order: 'desc',
    });
    expect(filtersFromParams(new URLSearchParams('sort=name'))).toMatchObject({ sort: 'name', order: 'asc' });
    expect(filtersFromParams(new URLSearchParams('optedOut=maybe')).optedOut).toBeNull();
  });
});

describe('contact filters for the API', () => {
  it('applies a custom field only with a value, and counts it as one filter then', () => {
    const keyOnly = { ...NO_FILTERS, fieldKey: 'city', fieldValue: '  ' };
    expect(toContactFilter(keyOnly)).toEqual({});
    expect(activeFilterCount(keyOnly)).toBe(0);
    const both = { ...keyOnly, fieldValue: ' Berlin ' };
    expect(toContactFilter(both)).toEqual({ fieldKey: 'city', fieldValue: 'Berlin' });
    expect(activeFilterCount(both)).toBe(1);
  });

  it('gives the bulk filter a boolean opt-out and the query strings a text one', () => {
    const filters = { ...NO_FILTERS, q: '  +1415 ', optedOut: true };
    expect(toContactFilter(filters)).toEqual({ q: '+1415', optedOut: true });
    expect(toCountQuery(filters)).toEqual({ q: '+1415', optedOut: 'true' });
    expect(toPageQuery(filters)).toEqual({ q: '+1415', optedOut: 'true', sort: 'created', order: 'desc' });
  });

  it('leaves undefined values out of a query string and encodes the rest', () => {
    expect(queryString({ q: '+1 415', tag: undefined, cursor: undefined, sort: 'name' })).toBe('q=%2B1+415&sort=name');
  });
});
