/**
 * Sim / Não / Abstenção: three large buttons (icon + text + key, never colour alone; at least 72px tall; stacked
 * full width on phones). The chosen one is filled and marked with a check and `aria-pressed`; the one being sent
 * shows a spinner. Keys S / N / A press them (not while typing in a field).
 */
import { useEffect, useRef } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import DoNotDisturbOnIcon from '@mui/icons-material/DoNotDisturbOn';
import ThumbDownIcon from '@mui/icons-material/ThumbDown';
import ThumbUpIcon from '@mui/icons-material/ThumbUp';
import { VOTE_CHOICES, type VoteChoice } from '@paco/domain/plenary';
import { CHOICE_BY_KEY } from './labels';

const LOOK: Record<VoteChoice, { color: 'success' | 'error' | 'secondary'; icon: typeof ThumbUpIcon }> = {
  sim: { color: 'success', icon: ThumbUpIcon },
  nao: { color: 'error', icon: ThumbDownIcon },
  abstencao: { color: 'secondary', icon: DoNotDisturbOnIcon },
};

/** True when a key press belongs to a text field (or an editable element), not to the shortcuts. */
export function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  const tag = target.tagName;
  if (tag === 'TEXTAREA' || tag === 'SELECT') return true;
  if (tag !== 'INPUT') return false;
  const type = (target as HTMLInputElement).type;
  return !['button', 'checkbox', 'radio', 'submit', 'reset', 'range', 'color', 'file', 'image'].includes(type);
}

export function VoteButtons(p: {
  selected: VoteChoice | null;
  sending: VoteChoice | null;
  disabled: boolean;
  onVote: (v: VoteChoice) => void;
  describedBy?: string;
}) {
  const latest = useRef(p);
  useEffect(() => {
    latest.current = p;
  });

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.ctrlKey || e.metaKey || e.altKey || e.repeat || e.defaultPrevented) return;
      const choice = CHOICE_BY_KEY[e.key.toLowerCase()];
      if (!choice || isTyping(e.target)) return;
      const cur = latest.current;
      if (cur.disabled || cur.sending) return;
      e.preventDefault();
      cur.onVote(choice);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} role="group" aria-label="Seu voto" aria-describedby={p.describedBy}>
      {VOTE_CHOICES.map((c) => {
        const { color, icon: Icon } = LOOK[c.value];
        const chosen = p.selected === c.value;
        const busy = p.sending === c.value;
        return (
          <Button
            key={c.value}
            variant={chosen ? 'contained' : 'outlined'}
            color={color}
            size="large"
            disabled={p.disabled || (p.sending !== null && !busy)}
            aria-pressed={chosen}
            aria-busy={busy || undefined}
            aria-keyshortcuts={c.key}
            onClick={() => !p.sending && p.onVote(c.value)}
            startIcon={busy ? <CircularProgress size={28} color="inherit" aria-hidden /> : <Icon sx={{ fontSize: '2rem !important' }} />}
            endIcon={chosen && !busy ? <CheckCircleIcon sx={{ fontSize: '1.75rem !important' }} /> : undefined}
            sx={{
              flex: 1,
              minHeight: 80,
              fontSize: '1.5rem',
              fontWeight: 700,
              textTransform: 'none',
              borderWidth: 3,
              '&:hover': { borderWidth: 3 },
              '&.MuiButton-outlined': { color: 'text.primary', borderColor: `${color}.dark`, '& .MuiButton-startIcon': { color: `${color}.dark` } },
              '&.MuiButton-outlined.Mui-disabled': {
                color: 'text.disabled', borderColor: 'action.disabled', borderStyle: 'dashed', '& .MuiButton-startIcon': { color: 'inherit' },
              },
              position: 'relative',
            }}
          >
            {c.label}
            <Box
              component="kbd"
              aria-hidden
              sx={{
                position: 'absolute', top: 6, right: 8, fontSize: '0.8rem', fontFamily: 'monospace', lineHeight: 1.4,
                px: 0.75, border: 1, borderColor: 'currentColor', borderRadius: 1, opacity: 0.8,
              }}
            >
              {c.key}
            </Box>
          </Button>
        );
      })}
    </Stack>
  );
}
