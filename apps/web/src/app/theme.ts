import { createTheme, type Theme } from '@mui/material/styles';
import { ptBR as corePtBR } from '@mui/material/locale';
import { THEME } from '@paco/domain/constants';

/**
 * Spec 1 §9 colours; MUI texts in pt-BR. The DataGrid's pt-BR texts are set where the grid is used (its
 * `localeText`), so the entry chunk carries nothing of the grid.
 *
 * Contrast (WCAG 2.2 AA, checked on every route by e2e/tests/a11y-routes.spec.ts): the spec's colours fill
 * buttons, bars and chips; text in a colour uses a shade dark enough to read on the grey page and on the tinted
 * background of a selected item (primary #1976d2 is 4.2:1 on #f5f5f5, its dark shade #1565c0 5.3:1). The
 * orange (secondary) and the green (success) carry dark text. Warnings use a darker orange than MUI's (3.1:1).
 *
 * Keyboard focus: a 2px outline in the dark primary around whatever has it, never only a background tint, so a
 * focused item never looks like the selected one (which has a tint and a bar on its left, see NavList).
 */
const PRIMARY_TEXT = '#1565c0';
const FOCUS = `2px solid ${PRIMARY_TEXT}`;

export const theme = createTheme(
  {
    palette: {
      primary: { main: THEME.primary, dark: PRIMARY_TEXT },
      secondary: { main: THEME.secondary, dark: '#9a5200', contrastText: 'rgba(0, 0, 0, 0.87)' },
      error: { main: THEME.error, dark: '#b22400' },
      success: { main: THEME.success, dark: '#1b5e20', contrastText: 'rgba(0, 0, 0, 0.87)' },
      warning: { main: '#b45309', dark: '#8a3f06', contrastText: '#fff' },
      background: { default: '#f5f5f5' },
    },
    shape: { borderRadius: 8 },
    components: {
      MuiCssBaseline: {
        styleOverrides: {
          // links and native controls outside MUI's components get the same ring
          ':focus-visible': { outline: FOCUS, outlineOffset: 2 },
          '@media (prefers-reduced-motion: reduce)': {
            '*, *::before, *::after': { animationDuration: '0.01ms !important', transitionDuration: '0.01ms !important', scrollBehavior: 'auto !important' },
          },
        },
      },
      MuiButtonBase: {
        styleOverrides: { root: { '&.Mui-focusVisible': { outline: FOCUS, outlineOffset: 2 } } },
      },
      MuiListItemButton: {
        // inside a drawer or a paper the ring is drawn inside the item (it would be clipped outside)
        styleOverrides: { root: { '&.Mui-focusVisible': { outline: FOCUS, outlineOffset: -2, backgroundColor: 'transparent' } } },
      },
      MuiButton: {
        defaultProps: { disableElevation: true },
        styleOverrides: {
          root: {
            variants: [
              { props: { variant: 'text', color: 'primary' }, style: { color: PRIMARY_TEXT } },
              { props: { variant: 'outlined', color: 'primary' }, style: { color: PRIMARY_TEXT } },
            ],
          },
        },
      },
      MuiLink: { defaultProps: { underline: 'hover', color: PRIMARY_TEXT } },
      MuiTab: { styleOverrides: { root: { '&.Mui-selected': { color: PRIMARY_TEXT } } } },
      // the label of the field being typed in (a list's filter stays focused after a choice): the dark shade too
      MuiFormLabel: { styleOverrides: { root: { '&.Mui-focused:not(.Mui-error)': { color: PRIMARY_TEXT } } } },
      MuiAvatar: { styleOverrides: { colorDefault: { color: 'rgba(0, 0, 0, 0.87)' } } },
      // an outlined chip's text is in its colour: the dark shade (the spec's green is 1.7:1 on white)
      MuiChip: {
        styleOverrides: {
          root: {
            variants: (['primary', 'secondary', 'success', 'warning', 'error', 'info'] as const).map((color) => ({
              props: { variant: 'outlined', color },
              style: ({ theme: t }: { theme: Theme }) => ({ color: t.palette[color].dark, borderColor: t.palette[color].dark }),
            })),
          },
        },
      },
      MuiToggleButton: { styleOverrides: { root: { color: 'rgba(0, 0, 0, 0.6)' } } },
      // a disabled field's help stays readable (WCAG exempts the control, not its explanation)
      MuiFormHelperText: { styleOverrides: { root: { '&.Mui-disabled': { color: 'rgba(0, 0, 0, 0.6)' } } } },
    },
  },
  corePtBR,
);
