import { describe, expect, it } from 'vitest';
import { applyTheme } from './apply-theme';

describe('applyTheme', () => {
  it.each([
    ['light', [], 'light'],
    ['dark', ['dark-layout'], 'dark'],
    ['semi-dark', ['semi-dark-layout'], 'light'],
  ] as const)('%s: body classes %j, Mantine scheme %s', (theme, classes, scheme) => {
    document.body.className = 'dark-layout semi-dark-layout other';
    applyTheme(theme);
    expect([...document.body.classList].filter((name) => name !== 'other')).toEqual(classes);
    expect(document.body.classList.contains('other')).toBe(true);
    expect(document.documentElement.getAttribute('data-mantine-color-scheme')).toBe(scheme);
  });
});
