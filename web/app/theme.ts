import { Anchor, createTheme, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';

// A calm deep teal; shade 7 (the primary) keeps white text above 4.5:1 contrast.
const brand: MantineColorsTuple = [
  '#e6f4f2', '#cce7e3', '#9dd0c8', '#6ab8ac', '#40a394', '#269585', '#147d70', '#0b5f57', '#094f48', '#063c37',
];

export const theme = createTheme({
  primaryColor: 'brand',
  primaryShade: 7,
  colors: { brand },
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontFamily: 'Georgia, "Times New Roman", serif', fontWeight: '600' },
  defaultRadius: 'md',
  // Links inside text must be told apart without colour alone (WCAG 1.4.1).
  components: { Anchor: Anchor.extend({ defaultProps: { underline: 'always' } }) },
});

// Mantine's dimmed grey is below 4.5:1 on white; a darker grey keeps secondary text readable.
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': '#5c636a', '--mantine-color-placeholder': '#6c737a' },
  dark: {},
});
