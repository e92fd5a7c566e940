import { afterAll, describe, expect, it } from 'vitest';
import { i18n, setLanguage } from './i18n';

describe('setLanguage', () => {
  afterAll(() => setLanguage('en'));

  it('starts with English only: other languages are loaded when chosen', () => {
    expect(i18n.hasResourceBundle('en', 'common')).toBe(true);
    expect(i18n.hasResourceBundle('ar', 'common')).toBe(false);
  });

  it('loads Arabic on demand, switches to it and makes the document right-to-left', async () => {
    await setLanguage('ar');
    expect(i18n.hasResourceBundle('ar', 'nav')).toBe(true);
    expect(i18n.t('close')).toBe('إغلاق');
    expect(document.documentElement).toHaveProperty('dir', 'rtl');
    expect(document.documentElement).toHaveProperty('lang', 'ar');
  });

  it('falls back to English for an unknown language', async () => {
    await setLanguage('xx');
    expect(i18n.language).toBe('en');
    expect(document.documentElement).toHaveProperty('dir', 'ltr');
  });
});
