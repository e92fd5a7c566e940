import { createTheme, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';

/*
 * Spec §9 colours at shade 6: primary #f0a00d, success #28C76F, danger #EA5455, warning #FF9F43,
 * dark #1E1E1E. Shades 0–5 are tints, 7–9 shades. These colours are light, so on white they are
 * fills only; text in them uses shade 9 (≥ 4.5:1 on white and on their own light tint, WCAG AA).
 */
const brand: MantineColorsTuple = [
  '#fef7ec',
  '#fceed3',
  '#fadda8',
  '#f7cc7c',
  '#f5bd56',
  '#f2ad2f',
  '#f0a00d',
  '#ce8a0b',
  '#a87009',
  '#8c5d00',
];
const success: MantineColorsTuple = [
  '#eefbf3',
  '#d8f5e5',
  '#b2ebcb',
  '#8be1b1',
  '#69d89a',
  '#46cf83',
  '#28c76f',
  '#22ab5f',
  '#1c8b4e',
  '#14663a',
];
const danger: MantineColorsTuple = [
  '#fdf1f1',
  '#fbe0e0',
  '#f7c1c2',
  '#f4a3a3',
  '#f08788',
  '#ed6c6d',
  '#ea5455',
  '#c94849',
  '#a43b3c',
  '#7e2d2e',
];
const warning: MantineColorsTuple = [
  '#fff7f0',
  '#ffeedd',
  '#ffdcbb',
  '#ffcb99',
  '#ffbc7b',
  '#ffac5d',
  '#ff9f43',
  '#db893a',
  '#b36f2f',
  '#7f4f21',
];
/** Mantine's dark scale with the spec's dark at shade 7 (the dark theme's surfaces). */
const dark: MantineColorsTuple = [
  '#d9d9d9',
  '#bdbdbd',
  '#aaaaaa',
  '#7a7a7a',
  '#4a4a4a',
  '#3a3a3a',
  '#2c2c2c',
  '#1e1e1e',
  '#161616',
  '#0f0f0f',
];

/**
 * Colours whose text shade is overridden on light backgrounds (see above). Mantine's blue-6 text
 * is 3.6:1 on its light tint (a webhook delivery's "delivering" badge); blue-9 is over 5.5:1.
 */
const TEXT_ON_LIGHT = ['brand', 'green', 'success', 'red', 'danger', 'orange', 'warning', 'blue'] as const;

const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-anchor': 'var(--mantine-color-brand-9)',
    // Mantine's gray-6 "dimmed" is 3.3:1 on white; this one is 5.5:1 on the page background.
    '--mantine-color-dimmed': '#5c636a',
    ...Object.fromEntries(
      TEXT_ON_LIGHT.flatMap((color) => [
        [`--mantine-color-${color}-text`, `var(--mantine-color-${color}-9)`],
        [`--mantine-color-${color}-light-color`, `var(--mantine-color-${color}-9)`],
        [`--mantine-color-${color}-outline`, `var(--mantine-color-${color}-9)`],
      ]),
    ),
    // A field's error text, border and typed text (Mantine's red-6 is 3.6:1 on white).
    '--mantine-color-error': 'var(--mantine-color-red-9)',
  },
  dark: {
    // Red-6 is below 4.5:1 on the dark theme's inputs; red-4 reads at over 5:1.
    '--mantine-color-error': 'var(--mantine-color-red-4)',
  },
});

export const theme = createTheme({
  primaryColor: 'brand',
  primaryShade: { light: 6, dark: 6 },
  colors: { brand, success, green: success, danger, red: danger, warning, orange: warning, dark },
  // Filled brand, success and warning buttons get dark text: white on them is below 3:1.
  autoContrast: true,
  luminanceThreshold: 0.2,
  defaultRadius: 'md',
  cursorType: 'pointer',
  // Users who ask their system for less motion get no transitions (modals, notifications, menus):
  // WCAG 2.3.3. Axe scans run so too, so none catches a notification fading in or out.
  respectReducedMotion: true,
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans Arabic", "Noto Sans", sans-serif',
  headings: { fontWeight: '650' },
  // Spec §4: xs below 576 px, sm from 576, md from 768, lg from 992, xl from 1200.
  breakpoints: { xs: '0em', sm: '36em', md: '48em', lg: '62em', xl: '75em' },
  shadows: {
    xs: '0 1px 3px rgba(34, 41, 47, 0.08)',
    sm: '0 2px 8px rgba(34, 41, 47, 0.08)',
    md: '0 4px 24px rgba(34, 41, 47, 0.1)',
    lg: '0 8px 32px rgba(34, 41, 47, 0.14)',
    xl: '0 12px 48px rgba(34, 41, 47, 0.18)',
  },
});

export { cssVariablesResolver };
