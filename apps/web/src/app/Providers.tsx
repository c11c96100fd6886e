import type { ReactNode } from 'react';
import { ThemeProvider } from '@mui/material/styles';
import CssBaseline from '@mui/material/CssBaseline';
import { SnackbarProvider } from 'notistack';
import { SessionProvider } from '../session/SessionProvider';
import { theme } from './theme';

/** Root providers (entry chunk): theme, session, toasts. Data providers come with the layouts (DataProviders). */
export function Providers({ children }: { children: ReactNode }) {
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <SessionProvider>
        <SnackbarProvider maxSnack={6} anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}>
          {children}
        </SnackbarProvider>
      </SessionProvider>
    </ThemeProvider>
  );
}
