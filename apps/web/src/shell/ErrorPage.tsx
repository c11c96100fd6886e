/**
 * Error page (spec 1 §2, §8): 404 → a loading indicator for 7 s, then "404 Not Found"; any other error →
 * "Ocorreu um erro!" (an error without a status counts as 500). Buttons "Voltar ao Início" and "Reportar"
 * (posts the error to logfront/logfrontPublic and confirms). Chunk-load failures reload the page (guarded).
 */
import { useEffect, useState } from 'react';
import { Link as RouterLink, isRouteErrorResponse, useRouteError } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { NOT_FOUND_DELAY_MS } from '@paco/domain/constants';
import { errorMessage, logFrontError } from './errorLog';
import { handleChunkError, isChunkLoadError } from './chunkReload';
import { notifyErrors, notifySuccess } from './notify';
import { usePageTitle } from './pageTitle';
import { OfflineGate } from './OfflineScreen';

export function statusOf(error: unknown): number {
  if (isRouteErrorResponse(error)) return error.status;
  const s = (error as { status?: unknown } | null)?.status;
  return typeof s === 'number' && s >= 400 ? s : 500;
}

function describe(error: unknown, status: number): string {
  if (isRouteErrorResponse(error)) return `${status} ${error.statusText || ''} ${typeof error.data === 'string' ? error.data : ''}`.trim();
  return `${status} ${errorMessage(error)}`;
}

const logged = new WeakSet<object>();

export function ErrorPage({ status = 500, error }: { status?: number; error?: unknown }) {
  const notFound = status === 404;
  const [waiting, setWaiting] = useState(notFound);
  const [sending, setSending] = useState(false);
  usePageTitle(notFound ? 'Página não encontrada' : 'Erro');

  useEffect(() => {
    if (!notFound) return;
    setWaiting(true);
    const t = window.setTimeout(() => setWaiting(false), NOT_FOUND_DELAY_MS);
    return () => window.clearTimeout(t);
  }, [notFound]);

  useEffect(() => {
    // React error boundary / loader failure → server log, once per error object.
    if (notFound || !error || typeof error !== 'object' || logged.has(error)) return;
    logged.add(error);
    if (isChunkLoadError(error) && handleChunkError(error)) return;
    void logFrontError('error', describe(error, status));
  }, [error, notFound, status]);

  const report = async () => {
    setSending(true);
    const ok = await logFrontError('error', `Reportado pelo usuário: ${describe(error ?? 'sem detalhes', status)}`);
    setSending(false);
    if (ok) notifySuccess('Erro reportado. Obrigado!');
    else notifyErrors(['Não foi possível reportar o erro.']);
  };

  return (
    <OfflineGate>
      <Box component="main" id="conteudo" sx={{ minHeight: '60vh', display: 'flex', alignItems: 'center', justifyContent: 'center', p: 3 }}>
        {waiting ? (
          <Box role="status" aria-label="Carregando" sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 2 }}>
            <CircularProgress />
          </Box>
        ) : (
          <Paper sx={{ p: { xs: 3, sm: 5 }, textAlign: 'center', maxWidth: 520 }}>
            <Typography variant="h4" component="h1" gutterBottom>
              {notFound ? '404 Not Found' : 'Ocorreu um erro!'}
            </Typography>
            <Typography color="text.secondary" sx={{ mb: 3 }}>
              {notFound ? 'Esta página não foi encontrada.' : 'Algo deu errado ao abrir esta página. Tente novamente ou reporte o problema.'}
            </Typography>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} justifyContent="center">
              <Button variant="contained" component={RouterLink} to="/">Voltar ao Início</Button>
              <Button variant="outlined" onClick={report} disabled={sending}>Reportar</Button>
            </Stack>
          </Paper>
        )}
      </Box>
    </OfflineGate>
  );
}

/** Route errorElement. */
export function RouteErrorPage() {
  const error = useRouteError();
  return <ErrorPage status={statusOf(error)} error={error} />;
}

/** Unknown routes (the `*` route). */
export function NotFoundPage() {
  return <ErrorPage status={404} />;
}
