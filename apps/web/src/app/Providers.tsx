import type { ReactNode } from 'react';
import { ThemeProvider } from '@mui/material/styles';
import CssBaseline from '@mui/material/CssBaseline';
import { MaterialDesignContent, SnackbarProvider } from 'notistack';
import { styled } from '@mui/material/styles';
import { SessionProvider } from '../session/SessionProvider';
import { theme } from './theme';

/**
 * Toasts in colours that keep white text at 4.5:1 or more (WCAG AA): notistack's own green (3.3:1), orange and blue do
 * not.
 */
const Toast = styled(MaterialDesignContent)({
  '&.notistack-MuiContent-success': { backgroundColor: '#2e7d32' },
  '&.notistack-MuiContent-warning': { backgroundColor: '#b93a00' },
  '&.notistack-MuiContent-info': { backgroundColor: '#1565c0' },
  '&.notistack-MuiContent-error': { backgroundColor: '#c62828' },
});
const TOASTS = { default: Toast, success: Toast, warning: Toast, info: Toast, error: Toast };

/** Root providers (entry chunk): theme, session, toasts. Data providers come with the layouts (DataProviders). */
export function Providers({ children }: { children: ReactNode }) {
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <SessionProvider>
        <SnackbarProvider maxSnack={6} anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }} Components={TOASTS}>
          {children}
        </SnackbarProvider>
      </SessionProvider>
    </ThemeProvider>
  );
}
