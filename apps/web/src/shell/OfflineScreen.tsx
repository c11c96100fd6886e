import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import WifiOffIcon from '@mui/icons-material/WifiOff';
import { useOnline } from './online';

export const OFFLINE_TEXT = 'Você está offline!! Verifique sua conexão com a internet.';

export function OfflineScreen() {
  return (
    <Box
      role="alert"
      sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', gap: 2, p: 3, textAlign: 'center' }}
    >
      <WifiOffIcon sx={{ fontSize: 72, color: 'text.secondary' }} aria-hidden />
      <Typography variant="h5" component="h1">{OFFLINE_TEXT}</Typography>
    </Box>
  );
}

/** Every layout wraps itself in this: offline → the offline screen only (no navigation). */
export function OfflineGate({ children }: { children: ReactNode }) {
  return useOnline() ? <>{children}</> : <OfflineScreen />;
}
