/**
 * The speaker with the floor and the lists. The timer is derived every 250 ms from the server-kept clock
 * (`elapsedMs(speaker, now())`, `now` on the server's time), so every screen shows the same figure; it is not a
 * live region (it would talk every second): only the start, pause and end of a turn and "Tempo esgotado" are
 * announced.
 */
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import RecordVoiceOverIcon from '@mui/icons-material/RecordVoiceOver';
import PauseCircleIcon from '@mui/icons-material/PauseCircle';
import AlarmIcon from '@mui/icons-material/Alarm';
import CheckIcon from '@mui/icons-material/Check';
import { SPEAKER_LISTS, elapsedMs, formatClock, speakerLabel, type LiveMember, type LiveSpeaker } from '@paco/domain/plenary';
import { floorChange, floorKey, floorOf, floorOnConnect, memberById, nextSpeakers, sortedSpeakers, type Floor } from './model';
import { MemberAvatar } from './members';
import { PANEL_BORDER, PANEL_SURFACE, TEXT_MUTED, WARNING_BG, fluid, srOnly } from './theme';

const TICK_MS = 250;

function useTick(running: boolean, now: () => number): number {
  const [t, setT] = useState(now);
  useEffect(() => {
    setT(now());
    if (!running) return undefined;
    const id = window.setInterval(() => setT(now()), TICK_MS);
    return () => window.clearInterval(id);
  }, [running, now]);
  return running ? t : now();
}

type Size = 'full' | 'screen' | 'bar';

/** Remaining time, large; "Tempo esgotado" with a warning style once over. */
export function SpeakerTimer({ speaker, now, nome, size, testId = 'cronometro' }: { speaker: LiveSpeaker; now: () => number; nome: string; size: Size; testId?: string }) {
  const t = useTick(speaker.status === 'falando', now);
  const elapsed = elapsedMs(speaker, t);
  const allotted = speaker.tempo_concedido * 1000;
  const remaining = allotted - elapsed;
  const over = allotted > 0 && remaining < 0;
  const big = over ? `+${formatClock(-remaining)}` : formatClock(Math.max(0, remaining));
  return (
    <Box
      data-esgotado={over ? 'true' : 'false'}
      sx={{
        borderRadius: 2, p: size === 'bar' ? { xs: 1, md: 1.25 } : { xs: 1.25, md: 2 }, textAlign: 'center',
        bgcolor: over ? WARNING_BG : PANEL_SURFACE, border: over ? '4px solid #ffffff' : `2px solid ${PANEL_BORDER}`,
      }}
    >
      <Box role="timer" aria-live="off" aria-label={`Tempo restante de ${nome}`}>
        <Typography component="p" sx={{ fontWeight: over ? 800 : 700, fontSize: over ? fluid(1.2, 2.2, 3.2) : fluid(0.9, 1.2, 1.9), color: over ? '#fff' : TEXT_MUTED, textTransform: over ? 'uppercase' : 'none', letterSpacing: over ? 1 : 0 }}>
          {over ? (
            <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75 }}>
              <AlarmIcon aria-hidden sx={{ fontSize: '1.3em' }} />
              Tempo esgotado
            </Box>
          ) : speaker.status === 'pausado' ? 'Tempo restante (pausado)' : 'Tempo restante'}
        </Typography>
        <Typography
          component="p"
          data-testid={testId}
          sx={{ fontWeight: 800, lineHeight: 1, fontVariantNumeric: 'tabular-nums', letterSpacing: 1, fontSize: size === 'screen' ? fluid(4, 15, 20, 22) : size === 'bar' ? fluid(2.2, 3.6, 5.5, 5.6) : fluid(3, 7.5, 11, 9) }}
        >
          {big}
        </Typography>
        <Typography component="p" sx={{ fontWeight: 600, fontVariantNumeric: 'tabular-nums', fontSize: fluid(0.85, 1.1, 1.7), color: over ? '#fff' : TEXT_MUTED }}>
          {`Falou ${formatClock(elapsed)} de ${formatClock(allotted)}`}
        </Typography>
      </Box>
      {allotted > 0 && (
        <LinearProgress
          variant="determinate"
          value={Math.min(100, (elapsed / allotted) * 100)}
          aria-hidden
          sx={{ mt: 1, height: 10, borderRadius: 5, bgcolor: 'rgba(255,255,255,0.18)', '& .MuiLinearProgress-bar': { bgcolor: over ? '#ffffff' : '#90caf9' } }}
        />
      )}
      <Box aria-live="polite" sx={srOnly}>{over ? `Tempo esgotado para ${nome}.` : ''}</Box>
    </Box>
  );
}

/**
 * Announces the start, pause, resumption and end of a turn and of an aparte (not the ticking). A screen that
 * connects mid-speech announces the speech under way with its time: the live region is first in the page empty,
 * and the text comes right after mounting, so screen readers speak it.
 */
export function SpeakerAnnouncer({ speakers, members, now }: { speakers: LiveSpeaker[]; members: LiveMember[]; now: () => number }) {
  const floor = floorOf(speakers);
  const key = floorKey(floor);
  const seen = useRef<{ key: string; floor: Floor } | null>(null);
  const [message, setMessage] = useState('');
  // announced when the floor changes (its key), from the members and speakers of that moment
  const announce = useEffectEvent((k: string) => {
    const byId = memberById(members);
    const name = (s: LiveSpeaker) => byId.get(s.parliamentary_id)?.nome ?? 'Orador';
    const before = seen.current;
    if (before?.key === k) return;
    seen.current = { key: k, floor };
    setMessage(before ? floorChange(before.floor, floor, speakers, name) : floorOnConnect(floor, name, now()));
  });
  useEffect(() => announce(key), [key]);
  return <Box aria-live="polite" aria-atomic="true" data-testid="anuncio-orador" sx={srOnly}>{message}</Box>;
}

/** The aparte's own clock in one line (the complete panel has no room for a second large timer). */
function CompactClock({ speaker, now, nome }: { speaker: LiveSpeaker; now: () => number; nome: string }) {
  const t = useTick(speaker.status === 'falando', now);
  const elapsed = elapsedMs(speaker, t);
  const allotted = speaker.tempo_concedido * 1000;
  const remaining = allotted - elapsed;
  const over = allotted > 0 && remaining < 0;
  return (
    <Box role="timer" aria-live="off" aria-label={`Tempo restante de ${nome}`} data-esgotado={over ? 'true' : 'false'}
      sx={{ display: 'flex', alignItems: 'baseline', gap: 1.5, flexWrap: 'wrap', px: 1.5, py: 0.5, borderRadius: 2, bgcolor: over ? WARNING_BG : PANEL_SURFACE }}>
      <Typography component="span" data-testid="cronometro-aparte" sx={{ fontWeight: 800, fontVariantNumeric: 'tabular-nums', fontSize: fluid(1.6, 2.2, 3.2, 3.4), lineHeight: 1.1 }}>
        {over ? `+${formatClock(-remaining)}` : formatClock(Math.max(0, remaining))}
      </Typography>
      <Typography component="span" sx={{ fontWeight: 600, fontVariantNumeric: 'tabular-nums', fontSize: fluid(0.85, 1, 1.5), color: over ? '#fff' : TEXT_MUTED }}>
        {over ? 'Tempo esgotado' : `${speaker.status === 'pausado' ? 'pausado · ' : ''}falou ${formatClock(elapsed)} de ${formatClock(allotted)}`}
      </Typography>
    </Box>
  );
}

/** "Em aparte: X" under the speaker, with the aparte's own clock. */
function AparteBox({ aparte, member, now }: { aparte: LiveSpeaker; member: LiveMember | undefined; now: () => number }) {
  const nome = member?.nome ?? `Parlamentar nº ${aparte.parliamentary_id}`;
  return (
    <Box data-testid="em-aparte" sx={{ display: 'flex', alignItems: 'center', gap: { xs: 1, md: 2 }, flexWrap: 'wrap', borderLeft: `6px solid ${PANEL_BORDER}`, pl: { xs: 1, md: 1.5 } }}>
      <MemberAvatar member={member ?? { nome, foto: null }} size={fluid(2, 2.4, 3.4)} />
      <Typography component="p" data-testid="aparteante" sx={{ fontWeight: 800, fontSize: fluid(1.1, 1.5, 2.3, 2.4), lineHeight: 1.1, overflowWrap: 'anywhere', flex: '1 1 12rem' }}>
        {`${aparte.status === 'pausado' ? 'Aparte pausado' : 'Em aparte'}: ${nome}`}
      </Typography>
      <CompactClock speaker={aparte} now={now} nome={`${nome} (aparte)`} />
    </Box>
  );
}

/** A questão de ordem or liderança: "fala de X pausada", the speech it interrupted (resumed when it ends). */
function interrupted(current: LiveSpeaker, speakers: LiveSpeaker[], byId: Map<number, LiveMember>): string | null {
  if (!current.retoma_id || current.modalidade === 'aparte') return null;
  const paused = speakers.find((s) => s.id === current.retoma_id && s.status === 'pausado');
  return paused ? `fala de ${byId.get(paused.parliamentary_id)?.nome ?? `nº ${paused.parliamentary_id}`} pausada` : null;
}

function SpeakerRow({ s, member, index, absent }: { s: LiveSpeaker; member: LiveMember | undefined; index?: number; absent?: boolean }) {
  const done = s.status === 'concluido';
  return (
    <Box component="li" sx={{ display: 'flex', alignItems: 'center', gap: 1.25, py: 0.75, borderBottom: `1px solid ${PANEL_BORDER}`, opacity: done ? 0.8 : 1 }}>
      {index !== undefined && (
        <Box component="span" sx={{ minWidth: '1.8em', fontWeight: 800, color: TEXT_MUTED, fontVariantNumeric: 'tabular-nums', fontSize: fluid(0.9, 1.2, 1.8) }}>{`${index}.`}</Box>
      )}
      <MemberAvatar member={member ?? { nome: '?', foto: null }} size={fluid(1.8, 2.4, 3.4)} />
      <Box sx={{ minWidth: 0, flex: 1 }}>
        <Typography component="p" sx={{ fontWeight: 700, fontSize: fluid(0.95, 1.3, 1.9), lineHeight: 1.15, overflowWrap: 'anywhere' }}>
          {member?.nome ?? `Parlamentar nº ${s.parliamentary_id}`}
        </Typography>
        {member?.partido && <Typography component="p" sx={{ color: TEXT_MUTED, fontSize: fluid(0.8, 1, 1.5) }}>{member.partido}</Typography>}
      </Box>
      {absent && s.status === 'aguardando' && (
        <Box component="span" sx={{ fontWeight: 700, fontSize: fluid(0.8, 1, 1.4), color: TEXT_MUTED }}>Ausente</Box>
      )}
      {s.status !== 'aguardando' && (
        <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, fontWeight: 700, fontSize: fluid(0.8, 1, 1.4), color: s.status === 'falando' ? '#5be49b' : TEXT_MUTED }}>
          {done ? <CheckIcon aria-hidden sx={{ fontSize: '1.2em' }} /> : s.status === 'falando' ? <RecordVoiceOverIcon aria-hidden sx={{ fontSize: '1.2em' }} /> : <PauseCircleIcon aria-hidden sx={{ fontSize: '1.2em' }} />}
          {done ? 'Concluído' : s.status === 'falando' ? 'Falando' : 'Pausado'}
        </Box>
      )}
    </Box>
  );
}

export interface SpeakerPanelProps {
  speakers: LiveSpeaker[];
  members: LiveMember[];
  now: () => number;
  size: Size;
  /** how many of the next speakers to show */
  nextCount?: number;
  /** members present in the session's current phase (`presentNow`): absent ones are not among the next speakers */
  present?: ReadonlySet<number>;
}

/** "Com a palavra": the current speaker with the timer, then the next ones of the same list. */
export function SpeakerPanel({ speakers, members, now, size, nextCount = 4, present }: SpeakerPanelProps) {
  const byId = memberById(members);
  const { speaker: current, aparte } = floorOf(speakers);
  const next = nextSpeakers(speakers, current, present).slice(0, nextCount);
  const member = current ? byId.get(current.parliamentary_id) : undefined;
  const nome = member?.nome ?? (current ? `Parlamentar nº ${current.parliamentary_id}` : '');
  return (
    <Box component="section" aria-labelledby="painel-orador" sx={{ display: 'flex', flexDirection: 'column', gap: { xs: 1, md: 1.5 }, minWidth: 0 }}>
      <SpeakerAnnouncer speakers={speakers} members={members} now={now} />
      <Typography id="painel-orador" component="h2" sx={{ fontWeight: 800, fontSize: fluid(1.1, 1.5, 2.2), textTransform: 'uppercase', letterSpacing: 1, color: TEXT_MUTED }}>
        {current ? `Com a palavra · ${speakerLabel(current)}` : 'Oradores'}
      </Typography>
      {current ? (
        <Box sx={{ display: 'grid', gap: { xs: 1.25, md: 2 }, gridTemplateColumns: { xs: '1fr', md: size === 'screen' ? '1fr' : 'minmax(0, 1fr) minmax(0, 1.25fr)' }, alignItems: 'center' }}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, minWidth: 0, justifyContent: size === 'screen' ? 'center' : 'flex-start' }}>
            <MemberAvatar member={member ?? { nome, foto: null }} size={size === 'screen' ? fluid(4, 8, 11) : fluid(3.5, 5.5, 8)} />
            <Box sx={{ minWidth: 0 }}>
              <Typography component="p" data-testid="orador-atual" sx={{ fontWeight: 800, lineHeight: 1.1, fontSize: size === 'screen' ? fluid(1.6, 4, 6) : fluid(1.4, 2.4, 3.6), overflowWrap: 'anywhere' }}>
                {nome}
              </Typography>
              <Typography component="p" sx={{ color: TEXT_MUTED, fontWeight: 600, fontSize: fluid(0.95, 1.4, 2.2) }}>
                {[member?.partido, current.status === 'pausado' ? 'Pausado' : 'Falando', interrupted(current, speakers, byId)].filter(Boolean).join(' · ')}
              </Typography>
            </Box>
          </Box>
          <SpeakerTimer speaker={current} now={now} nome={nome} size={size} />
          {aparte && <Box sx={{ gridColumn: '1 / -1' }}><AparteBox aparte={aparte} member={byId.get(aparte.parliamentary_id)} now={now} /></Box>}
        </Box>
      ) : (
        <Typography sx={{ fontSize: fluid(1, 1.4, 2.2), fontWeight: 600, color: TEXT_MUTED }}>Nenhum orador com a palavra.</Typography>
      )}
      {next.length > 0 && (
        <Box>
          <Typography component="h3" sx={{ fontWeight: 700, fontSize: fluid(0.95, 1.2, 1.8) }}>
            {`Próximos oradores · ${speakerLabel(next[0])}`}
          </Typography>
          <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0 }}>
            {next.map((s, i) => <SpeakerRow key={s.id} s={s} member={byId.get(s.parliamentary_id)} index={i + 1} />)}
          </Box>
        </Box>
      )}
    </Box>
  );
}

/** The three speaker lists side by side (Oradores screen). */
export function SpeakerLists({ speakers, members, present }: { speakers: LiveSpeaker[]; members: LiveMember[]; present?: ReadonlySet<number> }) {
  const byId = memberById(members);
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, minmax(0, 1fr))' } }}>
      {SPEAKER_LISTS.map((l) => {
        const list = sortedSpeakers(speakers, l.value);
        return (
          <Box component="section" key={l.value} aria-label={`Lista de oradores: ${l.label}`} sx={{ bgcolor: PANEL_SURFACE, borderRadius: 2, p: { xs: 1.25, md: 2 } }}>
            <Typography component="h3" sx={{ fontWeight: 800, fontSize: fluid(1, 1.4, 2.1) }}>{l.label}</Typography>
            {list.length ? (
              <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0 }}>
                {list.map((s, i) => <SpeakerRow key={s.id} s={s} member={byId.get(s.parliamentary_id)} index={i + 1} absent={!!present && !present.has(s.parliamentary_id)} />)}
              </Box>
            ) : (
              <Typography sx={{ color: TEXT_MUTED, fontSize: fluid(0.9, 1.1, 1.6) }}>Nenhum orador inscrito.</Typography>
            )}
          </Box>
        );
      })}
    </Box>
  );
}

/** One row for the complete panel: who has the floor, in which list, and the time left (or who comes next). */
export function SpeakerBar({ speakers, members, now, present }: { speakers: LiveSpeaker[]; members: LiveMember[]; now: () => number; present?: ReadonlySet<number> }) {
  const byId = memberById(members);
  const { speaker: current, aparte } = floorOf(speakers);
  const next = nextSpeakers(speakers, current, present).slice(0, 2);
  const member = current ? byId.get(current.parliamentary_id) : undefined;
  const nome = member?.nome ?? (current ? `Parlamentar nº ${current.parliamentary_id}` : '');
  return (
    <Box component="section" aria-labelledby="painel-orador" sx={{ display: 'flex', alignItems: 'center', columnGap: { xs: 1.5, md: 3 }, rowGap: 1, flexWrap: 'wrap', minWidth: 0 }}>
      <SpeakerAnnouncer speakers={speakers} members={members} now={now} />
      <Typography id="painel-orador" component="h2" sx={{ fontWeight: 800, fontSize: fluid(1, 1.3, 2, 2.2), textTransform: 'uppercase', letterSpacing: 1, color: TEXT_MUTED }}>
        {current ? `Com a palavra · ${speakerLabel(current)}` : 'Oradores'}
      </Typography>
      {current ? (
        <>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, minWidth: 0 }}>
            <MemberAvatar member={member ?? { nome, foto: null }} size={fluid(2.5, 3.4, 5, 5.4)} />
            <Box sx={{ minWidth: 0 }}>
              <Typography component="p" data-testid="orador-atual" sx={{ fontWeight: 800, lineHeight: 1.1, fontSize: fluid(1.3, 2.2, 3.4, 3.8), overflowWrap: 'anywhere' }}>{nome}</Typography>
              <Typography component="p" sx={{ color: TEXT_MUTED, fontWeight: 600, fontSize: fluid(0.9, 1.2, 1.8, 2) }}>
                {[member?.partido, current.status === 'pausado' ? 'Pausado' : 'Falando', interrupted(current, speakers, byId)].filter(Boolean).join(' · ')}
              </Typography>
            </Box>
          </Box>
          <Box sx={{ flex: 1, minWidth: '16rem', maxWidth: '40rem', ml: 'auto' }}>
            <SpeakerTimer speaker={current} now={now} nome={nome} size="bar" />
          </Box>
          {aparte && <Box sx={{ flexBasis: '100%' }}><AparteBox aparte={aparte} member={byId.get(aparte.parliamentary_id)} now={now} /></Box>}
          {next.length > 0 && (
            <Typography component="p" data-testid="proximos-oradores" sx={{ flexBasis: '100%', color: TEXT_MUTED, fontWeight: 600, fontSize: fluid(0.9, 1.1, 1.6, 1.8) }}>
              {`Próximos oradores: ${next.map((s) => byId.get(s.parliamentary_id)?.nome ?? `nº ${s.parliamentary_id}`).join(', ')}.`}
            </Typography>
          )}
        </>
      ) : (
        <Typography sx={{ fontSize: fluid(1, 1.4, 2.2), fontWeight: 600, color: TEXT_MUTED }}>
          {next.length ? `Nenhum orador com a palavra. A seguir: ${next.map((s) => byId.get(s.parliamentary_id)?.nome ?? `nº ${s.parliamentary_id}`).join(', ')}.` : 'Nenhum orador com a palavra.'}
        </Typography>
      )}
    </Box>
  );
}
