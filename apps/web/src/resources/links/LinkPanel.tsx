/** A checklist linking a record to records of another resource (role ↔ permissions, user ↔ roles), with search. */
import { useMemo, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import InputAdornment from '@mui/material/InputAdornment';
import List from '@mui/material/List';
import FormControlLabel from '@mui/material/FormControlLabel';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import SearchIcon from '@mui/icons-material/Search';
import type { ActionDef, ResourceDef } from '@paco/domain/resource';
import { api } from '../../api/client';
import type { ApiRecord } from '../defs';
import { actionUrl, agree, fetchAll, isSortableKey, qk } from '../defs';
import { canRunAction } from '../access';
import { formatText, recordLabel } from '../format';
import ConfirmDialog from '../ConfirmDialog';
import { useNotify } from '../useNotify';
import { useSessionUser } from '../useSessionUser';
import type { LinkSpec } from './linkSpecs';

const fold = (s: string): string => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();

interface Item {
  id: number;
  label: string;
  secondary: string;
  /** why the user may not change this link (null: may) */
  refusal: string | null;
}

export default function LinkPanel({ def, spec, record }: { def: ResourceDef; spec: LinkSpec; record: ApiRecord }) {
  const { target } = spec;
  const user = useSessionUser();
  const qc = useQueryClient();
  const notify = useNotify();
  const [search, setSearch] = useState('');
  /** optimistic state of the links being changed */
  const [pending, setPending] = useState<ReadonlyMap<number, boolean>>(new Map());
  const [bulk, setBulk] = useState<'link' | 'unlink' | null>(null);
  const [bulkBusy, setBulkBusy] = useState(false);

  const canLink = canRunAction(spec.link, user, def);
  const canUnlink = canRunAction(spec.unlink, user, def);
  const many = target.label.many.toLowerCase();
  const all = agree(target, 'tod') + 's'; // todos / todas
  const art = target.label.gender === 'f' ? 'as' : 'os';
  const fem = def.label.gender === 'f';

  const linked = useMemo(
    () => new Set(((record[spec.recordKey] as { id: number }[] | undefined) ?? []).map((x) => Number(x.id))),
    [record, spec.recordKey],
  );

  const sort = isSortableKey(target, target.display) ? target.display : undefined;
  const options = useQuery({
    queryKey: qk.everything(target.name, { sort }),
    queryFn: ({ signal }) => fetchAll(target, { sort }, 1000, signal),
    staleTime: 60_000,
  });
  const items: Item[] = useMemo(() => {
    const secondaryKeys = target.list.columns.filter((k) => k !== target.display && target.fields[k]?.kind !== 'file');
    return (options.data?.rows ?? []).map((r) => ({
      id: r.id,
      label: recordLabel(target, r),
      secondary: secondaryKeys.map((k) => formatText(target.fields[k], k, r)).filter(Boolean).join(' · '),
      refusal: spec.refusal?.(r, record, user) ?? null,
    }));
  }, [options.data, target, spec, record, user]);
  const locked = spec.lockedReason?.(record, user) ?? null;
  const needle = fold(search.trim());
  const matching = needle ? items.filter((i) => fold(`${i.label} ${i.secondary}`).includes(needle)) : items;
  // what the user may change first (a module administrator sees its module's roles on top)
  const shown = matching.some((i) => i.refusal) ? [...matching.filter((i) => !i.refusal), ...matching.filter((i) => i.refusal)] : matching;

  const isChecked = (id: number): boolean => pending.get(id) ?? linked.has(id);
  const checkedCount = items.filter((i) => isChecked(i.id)).length;

  const refresh = () => qc.invalidateQueries({ queryKey: qk.detail(def.name, record.id) });
  const run = (action: ActionDef, body?: unknown) => api(actionUrl(def, action, record.id), { method: action.method, body });

  const toggle = async (id: number) => {
    const next = !isChecked(id);
    const action = next ? spec.link : spec.unlink;
    if (!action || pending.has(id) || locked || items.find((i) => i.id === id)?.refusal) return;
    setPending((m) => new Map(m).set(id, next));
    try {
      await run(action, { [spec.inputKey]: id });
      await refresh();
    } catch (e) {
      notify.error(e);
    } finally {
      setPending((m) => {
        const n = new Map(m);
        n.delete(id);
        return n;
      });
    }
  };

  // bulk: the *_all actions, else the list form of the link input (`permission_ids`)
  const bulkLink = spec.linkAll ?? (spec.listKey ? spec.link : undefined);
  const bulkUnlink = spec.unlinkAll ?? (spec.listKey && spec.unlink ? spec.unlink : undefined);
  const runBulk = async (kind: 'link' | 'unlink') => {
    const action = kind === 'link' ? bulkLink : bulkUnlink;
    if (!action) return;
    setBulkBusy(true);
    try {
      const isAll = action === spec.linkAll || action === spec.unlinkAll;
      const ids = items.filter((i) => !i.refusal && (kind === 'link' ? !isChecked(i.id) : isChecked(i.id))).map((i) => i.id);
      if (isAll) await run(action);
      else if (ids.length) await run(action, { [spec.listKey!]: ids });
      await refresh();
      const done = agree(target, kind === 'link' ? 'vinculad' : 'desvinculad');
      notify.success(`${all[0].toUpperCase()}${all.slice(1)} ${art} ${many} foram ${done}s.`);
    } catch (e) {
      notify.error(e);
    } finally {
      setBulkBusy(false);
      setBulk(null);
    }
  };

  const one = def.label.one.toLowerCase();
  const titleId = `link-${spec.id}-title`;

  return (
    <Box>
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 2 }}>
        <Typography id={titleId} variant="h6" component="h2" sx={{ flexGrow: 1 }}>
          {target.label.many}{' '}
          <Typography component="span" variant="body2" color="text.secondary">
            ({checkedCount} de {items.length} {agree(target, 'selecionad')}s)
          </Typography>
        </Typography>
        {bulkLink && canRunAction(bulkLink, user, def) && !locked && (
          <Button size="small" onClick={() => setBulk('link')} disabled={bulkBusy || !items.length}>
            Vincular {all}
          </Button>
        )}
        {bulkUnlink && canRunAction(bulkUnlink, user, def) && !locked && (
          <Button size="small" color="error" onClick={() => setBulk('unlink')} disabled={bulkBusy || checkedCount === 0}>
            Desvincular {all}
          </Button>
        )}
      </Stack>

      {locked && (canLink || canUnlink) && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {locked}
        </Alert>
      )}

      <TextField
        size="small"
        type="search"
        fullWidth
        placeholder={`Buscar ${many}`}
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        sx={{ mb: 1 }}
        slotProps={{
          input: { startAdornment: <InputAdornment position="start"><SearchIcon fontSize="small" /></InputAdornment> },
          htmlInput: { 'aria-label': `Buscar ${many}` },
        }}
      />

      {options.isLoading && (
        <Box sx={{ display: 'flex', justifyContent: 'center', p: 3 }}>
          <CircularProgress size={28} aria-label="Carregando" />
        </Box>
      )}
      {options.isError && <Alert severity="error">Não foi possível carregar {many}. {options.error instanceof Error ? options.error.message : ''}</Alert>}
      {options.data && shown.length === 0 && (
        <Typography color="text.secondary" sx={{ p: 2 }}>
          Nenhum registro encontrado.
        </Typography>
      )}

      <List dense aria-labelledby={titleId} tabIndex={0} sx={{ maxHeight: 480, overflow: 'auto', border: shown.length ? 1 : 0, borderColor: 'divider', borderRadius: 1 }}>
        {shown.map((i) => {
          const checked = isChecked(i.id);
          const allowed = (checked ? canUnlink : canLink) && !locked && !i.refusal;
          const labelId = `link-${spec.id}-${i.id}`;
          const why = !locked && (canLink || canUnlink) ? i.refusal : null;
          return (
            <ListItem key={i.id} disablePadding sx={{ px: 1 }}>
              {/* a labelled checkbox, not a button holding one (no nested controls) */}
              <FormControlLabel
                sx={{ m: 0, flex: 1, alignItems: 'flex-start' }}
                disabled={!allowed || pending.has(i.id) || bulkBusy}
                control={<Checkbox size="small" checked={checked} onChange={() => toggle(i.id)} sx={{ mt: 0.25 }} />}
                label={<ListItemText id={labelId} primary={i.label} secondary={[i.secondary, why].filter(Boolean).join(' — ') || undefined} />}
              />
            </ListItem>
          );
        })}
      </List>

      <ConfirmDialog
        open={bulk !== null}
        title={
          bulk === 'link'
            ? `Vincular ${all} ${art} ${many} a ${fem ? 'esta' : 'este'} ${one}?`
            : `Desvincular ${all} ${art} ${many} ${fem ? 'desta' : 'deste'} ${one}?`
        }
        confirmLabel={bulk === 'link' ? 'Vincular' : 'Desvincular'}
        destructive={bulk === 'unlink'}
        busy={bulkBusy}
        onConfirm={() => bulk && runBulk(bulk)}
        onClose={() => setBulk(null)}
      />
    </Box>
  );
}
