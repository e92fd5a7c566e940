import { createTheme, type MantineColorsTuple } from '@mantine/core';

// Spec §9 primary #f0a00d (shade 6); the web-shell issue completes the palette and contrast.
const brand: MantineColorsTuple = [
  '#fff8e1',
  '#ffefcc',
  '#ffdd9b',
  '#ffca64',
  '#ffba38',
  '#ffb01b',
  '#f0a00d',
  '#d88c00',
  '#c07c00',
  '#a66a00',
];

export const theme = createTheme({
  primaryColor: 'brand',
  primaryShade: { light: 7, dark: 6 },
  colors: { brand },
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans Arabic", sans-serif',
  breakpoints: { xs: '36em', sm: '48em', md: '62em', lg: '75em', xl: '88em' },
});
