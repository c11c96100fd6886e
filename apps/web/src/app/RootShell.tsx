import { useEffect } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { ProgressBar } from '../shell/ProgressBar';
import { setRouteTitle } from '../shell/pageTitle';
import { useRouteTitle } from '../shell/handle';

/** Root route element: progress bar, page title, scroll restoration. */
export function RootShell() {
  const title = useRouteTitle();
  useEffect(() => setRouteTitle(title), [title]);
  return (
    <>
      <ProgressBar />
      <Outlet />
      <ScrollRestoration />
    </>
  );
}

/** While the first guard check and the first route chunk load. */
export function BootFallback() {
  return (
    <Box role="status" aria-label="Carregando" sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
      <CircularProgress />
    </Box>
  );
}
