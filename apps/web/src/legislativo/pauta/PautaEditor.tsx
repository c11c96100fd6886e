/**
 * The pauta's items in reading order, phase by phase, reordered by drag and drop or by keyboard ("Mover … para cima /
 * para baixo", Tab and Enter): each move is shown at once, announced to screen readers, and saved on the server in
 * one call with the order it was made against (`antes`): a move made on an order someone else changed meanwhile is
 * refused (409) and the screen reloads the pauta. Moves are sent one after another, in the order they were made.
 */
import { useEffect, useRef, useState } from 'react';
import type { DragEvent } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DragIndicatorIcon from '@mui/icons-material/DragIndicator';
import { call, dataOf } from '../../api/actions';
import { plenarySessions } from '@paco/domain/resources/materias';
import { useNotify } from '../../resources/useNotify';
import { KINDS, moved, orderOf, type Kind, type Order, type Pauta, type PautaItem } from './types';

interface Props {
  pauta: Pauta;
  /** the user may reorder and the session is not finalized */
  editable: boolean;
  /** the server's pauta after a saved move (or a refused one: reload) */
  onSaved: (p: Pauta) => void;
  onStale: () => void;
}

function ItemDetails({ item }: { item: PautaItem }) {
  const parts = [
    item.autores.length ? `Autoria: ${item.autores.join(', ')}` : null,
    item.turno ? `Turno: ${item.turno}` : null,
    item.tipo_votacao ? `Votação: ${item.tipo_votacao}` : null,
  ].filter(Boolean);
  return (
    <>
      {item.ementa && <Typography variant="body2" sx={{ mt: 0.5 }}>{item.ementa}</Typography>}
      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>{parts.join(' · ')}</Typography>
      <Typography variant="body2" color="text.secondary">
        Quórum: {item.quorum.nome} ({item.quorum.exigencia}){item.quorum.fundamento ? ` — ${item.quorum.fundamento}` : ''}
      </Typography>
      {item.obs && <Typography variant="body2" color="text.secondary">Observação: {item.obs}</Typography>}
    </>
  );
}

export default function PautaEditor({ pauta, editable, onSaved, onStale }: Props) {
  const notify = useNotify();
  const [order, setOrder] = useState<Order>(() => orderOf(pauta));
  const orderRef = useRef(order);
  const pending = useRef(0);
  const chain = useRef<Promise<void>>(Promise.resolve());
  const [said, setSaid] = useState('');
  const [saving, setSaving] = useState(false);
  const [drag, setDrag] = useState<{ kind: Kind; id: number; over: number | null } | null>(null);
  const buttons = useRef(new Map<string, HTMLButtonElement | null>());
  const focusNext = useRef<string | null>(null);
  const byId = new Map([...pauta.expediente, ...pauta.ordem_dia].map((i) => [i.id, i]));

  // a pauta read again from the server (another session, a reload) replaces the local order unless moves are on the way
  useEffect(() => {
    if (pending.current) return;
    const o = orderOf(pauta);
    orderRef.current = o;
    setOrder(o);
  }, [pauta]);

  // the focused button follows its item to the new place (or its twin when it is now at an end)
  useEffect(() => {
    const key = focusNext.current;
    if (!key) return;
    focusNext.current = null;
    const [kind, id, dir] = key.split(':');
    const el = buttons.current.get(key);
    const other = buttons.current.get(`${kind}:${id}:${dir === 'up' ? 'down' : 'up'}`);
    (el && !el.disabled ? el : other)?.focus();
  }, [order]);

  const move = (kind: Kind, id: number, to: number, focus?: 'up' | 'down') => {
    const before = orderRef.current[kind];
    const after = moved(before, id, to);
    if (!after) return;
    const next = { ...orderRef.current, [kind]: after };
    orderRef.current = next;
    if (focus) focusNext.current = `${kind}:${id}:${focus}`;
    setOrder(next);
    const label = byId.get(id)?.identificacao ?? 'Item';
    setSaid(`${label} movida para a posição ${to + 1} de ${after.length} (${KINDS.find((k) => k.kind === kind)!.label}).`);
    pending.current += 1;
    setSaving(true);
    chain.current = chain.current.then(async () => {
      try {
        const res = dataOf<Pauta>(await call(plenarySessions, 'pauta_order', { params: { id: pauta.sessao.id }, input: { [kind]: after, antes: { [kind]: before } } }));
        pending.current -= 1;
        if (!pending.current) onSaved(res);
      } catch (e) {
        // what follows was made on an order the server does not have: start again from the server's
        pending.current = 0;
        chain.current = Promise.resolve();
        notify.error(e);
        onStale();
      } finally {
        if (!pending.current) setSaving(false);
      }
    });
  };

  const onDrop = (kind: Kind, index: number) => (e: DragEvent) => {
    e.preventDefault();
    if (drag && drag.kind === kind) move(kind, drag.id, index);
    setDrag(null);
  };

  return (
    <Box>
      <Box role="status" aria-live="polite" sx={{ minHeight: 24, mb: 1 }}>
        <Typography variant="body2" color="text.secondary">{saving ? `${said} Salvando…` : said ? `${said} Ordem salva.` : ''}</Typography>
      </Box>
      {KINDS.map(({ kind, label, empty }) => {
        const ids = order[kind];
        return (
          <Box component="section" key={kind} aria-labelledby={`pauta-${kind}`} sx={{ mb: 3 }}>
            <Typography id={`pauta-${kind}`} variant="h6" component="h2" sx={{ mb: 1 }}>{label} ({ids.length})</Typography>
            {!ids.length && <Typography color="text.secondary">{empty}</Typography>}
            <Stack component="ol" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }} aria-labelledby={`pauta-${kind}`}>
              {ids.map((id, index) => {
                const item = byId.get(id);
                if (!item) return null;
                // dropped on a row, the item takes its place: the line shows on the side it goes to
                const over = drag?.kind === kind && drag.over === index && drag.id !== id ? (index > ids.indexOf(drag.id) ? 'bottom' : 'top') : null;
                return (
                  <Paper
                    component="li"
                    key={id}
                    variant="outlined"
                    draggable={editable}
                    data-item={item.identificacao}
                    onDragStart={(e: DragEvent) => {
                      e.dataTransfer.effectAllowed = 'move';
                      e.dataTransfer.setData('text/plain', String(id));
                      setDrag({ kind, id, over: null });
                    }}
                    onDragEnd={() => setDrag(null)}
                    onDragOver={(e: DragEvent) => {
                      if (drag?.kind !== kind) return;
                      e.preventDefault();
                      if (drag.over !== index) setDrag({ ...drag, over: index });
                    }}
                    onDrop={onDrop(kind, index)}
                    sx={{
                      p: 1.5, display: 'flex', gap: 1.5, alignItems: 'flex-start',
                      ...(over === 'top' ? { borderTop: '3px solid', borderTopColor: 'primary.main' } : {}),
                      ...(over === 'bottom' ? { borderBottom: '3px solid', borderBottomColor: 'primary.main' } : {}),
                      opacity: drag?.id === id ? 0.5 : 1, cursor: editable ? 'grab' : undefined,
                    }}
                  >
                    {editable && <DragIndicatorIcon aria-hidden color="action" sx={{ mt: 0.5 }} />}
                    <Typography component="span" variant="h6" sx={{ minWidth: 32, textAlign: 'right' }} aria-label={`Posição ${index + 1}`}>{index + 1}</Typography>
                    <Box sx={{ flex: 1, minWidth: 0 }}>
                      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }} useFlexGap>
                        <Typography component="span" sx={{ fontWeight: 700 }}>{item.identificacao}</Typography>
                        {item.tipo_materia && <Typography component="span" variant="body2" color="text.secondary">{item.tipo_materia}</Typography>}
                        {item.polemica && <Chip size="small" color="warning" variant="outlined" label="Polêmica" />}
                      </Stack>
                      <ItemDetails item={item} />
                    </Box>
                    {editable && (
                      <Stack direction="row" spacing={0.5}>
                        <IconButton
                          aria-label={`Mover ${item.identificacao} para cima`}
                          disabled={index === 0}
                          ref={(el) => { buttons.current.set(`${kind}:${id}:up`, el); }}
                          onClick={() => move(kind, id, index - 1, 'up')}
                        >
                          <ArrowUpwardIcon />
                        </IconButton>
                        <IconButton
                          aria-label={`Mover ${item.identificacao} para baixo`}
                          disabled={index === ids.length - 1}
                          ref={(el) => { buttons.current.set(`${kind}:${id}:down`, el); }}
                          onClick={() => move(kind, id, index + 1, 'down')}
                        >
                          <ArrowDownwardIcon />
                        </IconButton>
                      </Stack>
                    )}
                  </Paper>
                );
              })}
            </Stack>
          </Box>
        );
      })}
    </Box>
  );
}
