import { beforeEach, describe, expect, it, vi } from 'vitest';

describe('uiPreferencesStore', () => {
  beforeEach(() => {
    localStorage.clear();
    vi.resetModules();
  });

  it('starts from the spec defaults and keeps choices in localStorage', async () => {
    const { uiPreferencesStore, DEFAULT_UI_PREFERENCES } = await import('./ui-preferences-store');
    expect(uiPreferencesStore.get()).toEqual(DEFAULT_UI_PREFERENCES);
    expect(uiPreferencesStore.stored()).toEqual({});

    const listener = vi.fn();
    uiPreferencesStore.subscribe(listener);
    uiPreferencesStore.set({ theme: 'semi-dark', layout: 'vertical' });
    expect(listener).toHaveBeenCalledTimes(1);
    expect(uiPreferencesStore.get()).toMatchObject({ theme: 'semi-dark', layout: 'vertical', navbarType: 'floating' });
    expect(JSON.parse(localStorage.getItem('switchboard.preferences')!)).toEqual({
      theme: 'semi-dark',
      layout: 'vertical',
    });
  });

  it('reads the stored choices at start, ignoring unknown values', async () => {
    localStorage.setItem('switchboard.preferences', JSON.stringify({ theme: 'dark', navbarType: 'upside-down' }));
    const { uiPreferencesStore } = await import('./ui-preferences-store');
    expect(uiPreferencesStore.get()).toMatchObject({ theme: 'dark', navbarType: 'floating' });
  });
});
