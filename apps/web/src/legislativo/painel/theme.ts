/** The panel's dark, high-contrast look (#0d1b2a background; every text colour ≥ 4.5:1 on it, most ≥ 7:1). */
import { createTheme } from '@mui/material/styles';
import { ptBR as corePtBR } from '@mui/material/locale';
import type { VoteChoice } from '@paco/domain/plenary';

export const PANEL_BG = '#0d1b2a';
export const PANEL_SURFACE = '#15283d';
export const PANEL_BORDER = 'rgba(255,255,255,0.22)';
export const TEXT_MUTED = '#c5d0dc';

/** Colours back up the icon and the word; they never carry the meaning alone. */
export const VOTE_COLOR: Record<VoteChoice, string> = { sim: '#5be49b', nao: '#ff8a80', abstencao: '#ffd54f' };
export const PRESENT_COLOR = '#5be49b';
export const ABSENT_COLOR = '#b0bec5';
export const WARNING_BG = '#b71c1c';

export const painelTheme = createTheme(
  {
    palette: {
      mode: 'dark',
      primary: { main: '#90caf9' },
      success: { main: '#5be49b' },
      error: { main: '#ff8a80' },
      warning: { main: '#ffd54f' },
      background: { default: PANEL_BG, paper: PANEL_SURFACE },
      text: { primary: '#ffffff', secondary: TEXT_MUTED },
      divider: PANEL_BORDER,
    },
    shape: { borderRadius: 10 },
    typography: { fontFamily: '"Roboto", "Helvetica", "Arial", sans-serif' },
  },
  corePtBR,
);

/** Visually hidden, still read by screen readers. */
export const srOnly = {
  position: 'absolute', width: '1px', height: '1px', p: 0, m: '-1px', overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap', border: 0,
} as const;

/** Type scale read from across a room: grows with the viewport, bounded on phones and very large screens. */
export const fluid = (minRem: number, vw: number, maxRem: number, vh = vw * 1.6) =>
  `clamp(${minRem}rem, min(${vw}vw, ${vh}vh), ${maxRem}rem)`;
