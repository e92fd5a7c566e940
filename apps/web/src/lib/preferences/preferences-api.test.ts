import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchPreferences, savePreferences } from './preferences-api';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('preferences API', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('treats a server without the preferences endpoint (404) as "keep the browser’s copy"', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(404, { error: 'Not found', code: 'NOT_FOUND' })),
    );
    await expect(fetchPreferences()).resolves.toBeNull();
    await expect(savePreferences({ ui: { theme: 'dark' } })).resolves.toBeUndefined();
  });

  it('reports other failures', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(500, { error: 'Boom', code: 'INTERNAL' })),
    );
    await expect(fetchPreferences()).rejects.toMatchObject({ status: 500 });
    await expect(savePreferences({ bookmarks: [] })).rejects.toMatchObject({ status: 500 });
  });

  it('sends saves one after another, in the order they were made', async () => {
    const order: string[] = [];
    let release: () => void = () => undefined;
    const firstAnswered = new Promise<void>((resolve) => (release = resolve));
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init: RequestInit) => {
        const body = String(init.body);
        order.push(`start ${body}`);
        if (body.includes('/a')) await firstAnswered;
        order.push(`end ${body}`);
        return json(200, { ui: {}, bookmarks: [] });
      }),
    );
    const first = savePreferences({ bookmarks: ['/a'] });
    const second = savePreferences({ bookmarks: ['/a', '/b'] });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(order).toEqual(['start {"bookmarks":["/a"]}']);
    release();
    await Promise.all([first, second]);
    expect(order).toEqual([
      'start {"bookmarks":["/a"]}',
      'end {"bookmarks":["/a"]}',
      'start {"bookmarks":["/a","/b"]}',
      'end {"bookmarks":["/a","/b"]}',
    ]);
  });
});
