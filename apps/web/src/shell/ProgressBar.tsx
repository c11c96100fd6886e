/**
 * Top progress bar on route change (spec 1 §9: throttle 200 ms, duration 5000 ms, height 2 px). It follows
 * the data router's navigation state, which covers lazy route chunks, loaders (the guard) and route discovery.
 */
import { useEffect, useRef, useState } from 'react';
import { useNavigation } from 'react-router';
import Box from '@mui/material/Box';
import { PROGRESS_DURATION_MS, PROGRESS_HEIGHT_PX, PROGRESS_THROTTLE_MS } from '@paco/domain/constants';

type Phase = 'idle' | 'running' | 'done';

export function ProgressBar({ busy: busyProp }: { busy?: boolean }) {
  const navigation = useNavigation();
  const busy = busyProp ?? navigation.state !== 'idle';
  const [phase, setPhase] = useState<Phase>('idle');
  const [width, setWidth] = useState(0);
  const timers = useRef<number[]>([]);
  const phaseRef = useRef<Phase>('idle');
  const go = (p: Phase) => {
    phaseRef.current = p;
    setPhase(p);
  };

  useEffect(() => {
    const clear = () => {
      timers.current.forEach((t) => window.clearTimeout(t));
      timers.current = [];
    };
    clear();
    if (busy) {
      // throttle: only show for loads longer than 200 ms
      timers.current.push(window.setTimeout(() => {
        go('running');
        setWidth(0);
        timers.current.push(window.setTimeout(() => setWidth(90), 16));
      }, PROGRESS_THROTTLE_MS));
    } else {
      if (phaseRef.current === 'running') {
        go('done');
        setWidth(100);
        timers.current.push(window.setTimeout(() => go('idle'), 300));
      } else go('idle');
    }
    return clear;
  }, [busy]);

  if (phase === 'idle') return null;
  return (
    <Box
      role="progressbar"
      aria-label="Carregando página"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(width)}
      sx={{ position: 'fixed', top: 0, left: 0, right: 0, height: PROGRESS_HEIGHT_PX, zIndex: (t) => t.zIndex.tooltip + 1, pointerEvents: 'none' }}
    >
      <Box
        sx={{
          height: '100%',
          width: `${width}%`,
          bgcolor: 'secondary.main',
          opacity: phase === 'done' ? 0 : 1,
          transition: phase === 'done'
            ? 'width 200ms ease-out, opacity 300ms ease 100ms'
            : `width ${width === 0 ? 0 : PROGRESS_DURATION_MS}ms cubic-bezier(0.1, 0.7, 0.3, 1)`,
        }}
      />
    </Box>
  );
}
