/**
 * Sim / Não / Abstenção: three large buttons (icon + text + key, never colour alone; at least 72px tall; stacked
 * full width on phones), then "Confirmar voto" (issue 16 item 9): a tap or a key (S / N / A) only selects, and the
 * vote is sent by the confirmation (the button, or Enter); Esc clears the selection. One stray key or tap never
 * casts a vote. The registered choice is filled and marked with a check; the one being sent shows a spinner.
 */
import { useEffect, useRef } from 'react';
import Typography from '@mui/material/Typography';
import SendIcon from '@mui/icons-material/Send';
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
  /** the choice the server registered (nominal) */
  chosen: VoteChoice | null;
  /** the choice selected and not yet confirmed */
  selected: VoteChoice | null;
  sending: VoteChoice | null;
  disabled: boolean;
  onSelect: (v: VoteChoice | null) => void;
  onConfirm: () => void;
  /** a secret ballot: taken once, never changed */
  secret?: boolean;
  describedBy?: string;
}) {
  const latest = useRef(p);
  useEffect(() => {
    latest.current = p;
  });
  const confirmRef = useRef<HTMLButtonElement>(null);
  const pending = p.selected !== null && p.selected !== p.chosen;

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.ctrlKey || e.metaKey || e.altKey || e.repeat || e.defaultPrevented) return;
      if (isTyping(e.target)) return;
      const cur = latest.current;
      if (cur.disabled || cur.sending) return;
      if (e.key === 'Escape' && cur.selected) {
        e.preventDefault();
        cur.onSelect(null);
        return;
      }
      if (e.key === 'Enter') {
        // a focused button answers Enter itself (the confirmation button is focused after a selection), except a
        // choice: Enter there confirms what is selected, as anywhere else
        const el = e.target instanceof HTMLElement ? e.target : null;
        if (el && !el.closest('[data-escolha]') && el.closest('button, a, [role="button"]')) return;
        if (cur.selected && cur.selected !== cur.chosen) {
          e.preventDefault();
          cur.onConfirm();
        }
        return;
      }
      const choice = CHOICE_BY_KEY[e.key.toLowerCase()];
      if (!choice) return;
      e.preventDefault();
      cur.onSelect(choice);
      // Enter now confirms, wherever the focus was
      setTimeout(() => confirmRef.current?.focus(), 0);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const shown = p.selected ?? p.chosen;
  return (
    <Box>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} role="group" aria-label="Seu voto" aria-describedby={p.describedBy}>
        {VOTE_CHOICES.map((c) => {
          const { color, icon: Icon } = LOOK[c.value];
          const on = shown === c.value;
          const registered = p.chosen === c.value && !pending;
          const busy = p.sending === c.value;
          return (
            <Button
              key={c.value}
              variant={on ? 'contained' : 'outlined'}
              color={color}
              size="large"
              disabled={p.disabled || (p.sending !== null && !busy)}
              aria-pressed={on}
              aria-busy={busy || undefined}
              aria-keyshortcuts={c.key}
              data-escolha={c.value}
              onClick={() => {
                if (p.sending) return;
                p.onSelect(c.value);
                setTimeout(() => confirmRef.current?.focus(), 0);
              }}
              startIcon={busy ? <CircularProgress size={28} color="inherit" aria-hidden /> : <Icon sx={{ fontSize: '2rem !important' }} />}
              endIcon={registered && !busy ? <CheckCircleIcon sx={{ fontSize: '1.75rem !important' }} /> : undefined}
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
                ...(on && pending ? { outline: '4px dashed', outlineColor: `${color}.dark`, outlineOffset: 3 } : {}),
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
      {pending && !p.disabled && (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 2, alignItems: { sm: 'center' } }}>
          <Button
            ref={confirmRef}
            variant="contained"
            size="large"
            color="primary"
            startIcon={p.sending ? <CircularProgress size={24} color="inherit" aria-hidden /> : <SendIcon />}
            disabled={p.sending !== null}
            onClick={() => p.onConfirm()}
            aria-keyshortcuts="Enter"
            sx={{ flex: 2, minHeight: 72, fontSize: '1.35rem', fontWeight: 700, textTransform: 'none' }}
          >
            {`Confirmar ${p.secret ? 'voto secreto' : 'voto'}: ${VOTE_CHOICES.find((c) => c.value === p.selected)?.label ?? ''}`}
          </Button>
          <Button variant="outlined" size="large" disabled={p.sending !== null} onClick={() => p.onSelect(null)} aria-keyshortcuts="Escape" sx={{ flex: 1, minHeight: 72, textTransform: 'none', fontSize: '1.1rem' }}>
            Cancelar
          </Button>
        </Stack>
      )}
      {pending && !p.disabled && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {p.secret ? 'O voto secreto é dado uma vez só: confira antes de confirmar. ' : ''}Enter confirma; Esc cancela.
        </Typography>
      )}
    </Box>
  );
}
