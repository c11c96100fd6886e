/**
 * The server's time, "19:42:10", changing on each of the server's seconds: the same clock on the panel and in the
 * control room (both read serverClock.ts, fed by their push streams).
 */
import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import { useServerClock } from './serverClock';

const fmt = new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo', hour: '2-digit', minute: '2-digit', second: '2-digit' });

export function ServerTime({ sx, label = 'Hora do servidor' }: { sx?: SxProps<Theme>; label?: string }) {
  const t = useServerClock();
  return (
    <Box component="time" dateTime={t.toISOString()} aria-label={`${label}: ${fmt.format(t)}`} data-testid="relogio" sx={{ fontVariantNumeric: 'tabular-nums', ...sx }}>
      {fmt.format(t)}
    </Box>
  );
}
