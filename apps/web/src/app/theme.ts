import { createTheme } from '@mui/material/styles';
import { ptBR as corePtBR } from '@mui/material/locale';
import { THEME } from '@paco/domain/constants';

/**
 * Spec 1 §9 colours; MUI texts in pt-BR. The DataGrid's pt-BR texts are set where the grid is used (its
 * `localeText`), so the entry chunk carries nothing of the grid.
 */
export const theme = createTheme(
  {
    palette: {
      primary: { main: THEME.primary },
      secondary: { main: THEME.secondary },
      error: { main: THEME.error },
      success: { main: THEME.success },
      background: { default: '#f5f5f5' },
    },
    shape: { borderRadius: 8 },
    components: {
      MuiButton: { defaultProps: { disableElevation: true } },
      MuiLink: { defaultProps: { underline: 'hover' } },
    },
  },
  corePtBR,
);
