import type { UiPreferences } from '@switchboard/contract';

type ThemeName = NonNullable<UiPreferences['theme']>;

const BODY_CLASS: Record<ThemeName, string | null> = {
  light: null,
  dark: 'dark-layout',
  'semi-dark': 'semi-dark-layout',
};

/** Semi-dark is a light page with a dark menu, so only "dark" switches Mantine to dark. */
export function colorSchemeOf(theme: ThemeName): 'light' | 'dark' {
  return theme === 'dark' ? 'dark' : 'light';
}

/** Spec §4: the body carries `dark-layout` or `semi-dark-layout`; light has neither. */
export function applyTheme(theme: ThemeName) {
  for (const [name, className] of Object.entries(BODY_CLASS)) {
    if (className) document.body.classList.toggle(className, name === theme);
  }
  document.documentElement.setAttribute('data-mantine-color-scheme', colorSchemeOf(theme));
}
