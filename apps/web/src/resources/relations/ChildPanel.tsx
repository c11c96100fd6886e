/**
 * A `children` sub-list tab of a record (a parliamentarian's dependents): the child resource's list columns,
 * "Adicionar" with the child's form (minus the parent's key) posted to the add call, edit in the same dialog
 * (the child's PUT), and remove per row after confirmation (the remove call, else the child's own DELETE). A row is
 * opened from its first column (Tab, Enter): in the edit dialog, or read-only for those who may not change it. A
 * sub-list whose add is a record action of the parent (`action`: a matter's "Tramitar") shows that action's button.
 * A sub-list served by actions of the parent (`calls`: an event's photos) offers add and remove to who may run them,
 * the add's files sent with its fields when it takes multipart.
 */
import { useRef, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { LoadState } from './LoadState';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import type { ResourceDef } from '@paco/domain/resource';
import { ruleFor } from '@paco/domain/resource';
import { api } from '../../api/client';
import type { Page } from '../../api/client';
import type { ApiRecord } from '../defs';
import { agree, fetchRecord, qk, screenOf } from '../defs';
import { recordActions } from '@paco/domain/workflow';
import RecordActions from '../actions/RecordActions';
import RecordSummary from '../RecordSummary';
import { allowsRule, can } from '../access';
import { recordLabel } from '../format';
import ConfirmDialog from '../ConfirmDialog';
import ReadOnlyView from '../form/ReadOnlyView';
import RecordForm from '../form/RecordForm';
import type { FormValues } from '../form/values';
import { useNotify } from '../useNotify';
import { useSessionUser } from '../useSessionUser';
import SubTable from './SubTable';
import type { ChildSpec } from './specs';
import { statesOf, useRecordAction } from '../actions/useRecordAction';

/**
 * A sub-list row's own record actions (a plenary session item's "Pedido de vista") and its state, above its dialog,
 * for records without a screen of their own (where they would be): the row read through its show call, whose answer
 * says which actions the user may run now and why not.
 */
function ChildRecordActions({ def, row }: { def: ResourceDef; row: ApiRecord }) {
  const wanted = !def.screen && recordActions(def).length > 0 && def.routes?.show !== false;
  const shown = useQuery({ queryKey: qk.detail(def.name, row.id), queryFn: ({ signal }) => fetchRecord(def, row.id, signal), enabled: wanted });
  if (!wanted || !shown.data) return null;
  return (
    <>
      <RecordActions def={def} record={shown.data} />
      <RecordSummary def={def} record={shown.data} />
    </>
  );
}

/** Query key of a sub-list: under the child's key, so any change to the child's records refreshes it. */
export const subListKey = (child: string, parent: string, id: number, name: string) => [...qk.all(child), 'sub', parent, id, name] as const;

const SUB_PER_PAGE = 100;

export default function ChildPanel({ def, spec, record }: { def: ResourceDef; spec: ChildSpec; record: ApiRecord }) {
  const { child, rel } = spec;
  const user = useSessionUser();
  const qc = useQueryClient();
  const notify = useNotify();
  const allowNav = useRef(false);
  const [editing, setEditing] = useState<ApiRecord | 'new' | null>(null);
  const [toRemove, setToRemove] = useState<ApiRecord | null>(null);
  /** a row opened by someone who may read but not change it */
  const [viewing, setViewing] = useState<ApiRecord | null>(null);

  // a sub-list changed only with its parent: not while the parent is read-only for the user (the server refuses too)
  const parentLocked = !!rel.editWithParent && (record._can as { update?: boolean } | undefined)?.update === false;
  // the add and remove calls follow the child's create/delete rules even when its own create/delete routes are off;
  // the parent's actions (`calls`), their own rules
  const canAdd = !parentLocked && (rel.calls ? !!spec.addUrl && allowsRule(spec.addRule, user, def.permission)
    : spec.addUrl ? allowsRule(ruleFor(child, 'create'), user, def.permission) : can(child, 'create', user));
  // a row of a child with its own screen opens there (`open: 'screen'`: a matter's amendments), and is edited there
  const rowHref = rel.open === 'screen' && child.screen && can(child, 'read', user) ? (row: ApiRecord) => `${screenOf(child)}/${row.id}` : undefined;
  const canEdit = !parentLocked && rel.open !== 'screen' && can(child, 'update', user);
  const canRemove = !parentLocked && (rel.calls ? !!spec.removeUrl && allowsRule(spec.removeRule, user, def.permission)
    : spec.removeUrl ? allowsRule(ruleFor(child, 'delete'), user, def.permission) : can(child, 'delete', user));
  const omit = rel.fk ? [rel.fk] : [];
  const many = rel.label ?? child.label.many;
  const one = child.label.one;
  const key = subListKey(child.name, def.name, record.id, spec.name);
  // the add is the parent's record action: its button (unavailable with the reason), its dialog
  const addAction = rel.action ? def.actions?.[rel.action] : undefined;
  const addState = rel.action ? statesOf(record)[rel.action] : undefined;
  const { start, dialog } = useRecordAction(def);

  const list = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => api<Page<ApiRecord>>(spec.listUrl(record.id), { query: { sort: rel.sort ?? child.list.sort, perPage: SUB_PER_PAGE }, signal }),
  });
  const rows = list.data?.data ?? [];
  // a parent's action may answer the rows without a page (an event's photos)
  const total = list.data?.meta?.total ?? rows.length;

  const refresh = () => qc.invalidateQueries({ queryKey: qk.all(child.name) });

  const remove = useMutation({
    mutationFn: (row: ApiRecord) =>
      spec.removeUrl
        ? api(spec.removeUrl(record.id, row.id), { method: spec.removeMethod })
        : api(`${child.path}/${row.id}`, { method: 'DELETE' }),
    onSuccess: async () => {
      setToRemove(null);
      notify.success(`${one} ${agree(child, 'removid')} com sucesso.`);
      await refresh();
    },
    onError: (e) => {
      setToRemove(null);
      notify.error(e);
    },
  });

  const multipart = !!rel.calls?.multipart;
  /**
   * create through the add call (the server sets the key), else the child's own create with the key; a multipart add
   * takes the fields first (the server reads those sent before the file), then the files
   */
  const submit = async (payload: FormValues, idempotencyKey: string, files?: Record<string, File>): Promise<ApiRecord> => {
    if (spec.addUrl && multipart) {
      const body = new FormData();
      for (const [k, v] of Object.entries(payload)) if (v !== undefined && v !== null && v !== '') body.append(k, typeof v === 'object' ? JSON.stringify(v) : String(v));
      for (const [k, file] of Object.entries(files ?? {})) body.append(k, file);
      return (await api<{ data: ApiRecord }>(spec.addUrl(record.id), { method: 'POST', body, idempotencyKey })).data;
    }
    if (spec.addUrl) return (await api<{ data: ApiRecord }>(spec.addUrl(record.id), { method: 'POST', body: payload, idempotencyKey })).data;
    return (await api<{ data: ApiRecord }>(child.path, { method: 'POST', body: { ...payload, ...(rel.fk ? { [rel.fk]: record.id } : {}) }, idempotencyKey })).data;
  };

  const titleId = `${spec.id}-title`;
  const close = () => setEditing(null);

  return (
    <Box>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 2 }}>
        <Typography id={titleId} variant="h6" component="h2" sx={{ flexGrow: 1 }}>
          {many}{' '}
          {list.data && (
            <Typography component="span" variant="body2" color="text.secondary">
              ({total})
            </Typography>
          )}
        </Typography>
        {addAction ? addState && (
          <Button variant={addState.allowed ? 'contained' : 'outlined'} size="small" startIcon={<AddIcon />} aria-disabled={!addState.allowed}
            title={addState.allowed ? undefined : addState.reason} onClick={() => start(rel.action!, record)}>
            {addAction.label}
          </Button>
        ) : canAdd && (
          <Button variant="contained" size="small" startIcon={<AddIcon />} onClick={() => setEditing('new')}>
            Adicionar
          </Button>
        )}
      </Stack>

      <LoadState query={list} many={many} />
      {list.data?.meta?.notice && <Alert severity="info" sx={{ mb: 2 }}>{list.data.meta.notice}</Alert>}
      {list.data && (
        <SubTable
          def={child}
          rows={rows}
          omit={omit}
          columns={rel.columns}
          label={many}
          empty={`Nenhum registro de ${many.toLowerCase()}.`}
          rowHref={rowHref}
          onOpen={rowHref ? undefined : canEdit ? (row) => setEditing(row) : (row) => setViewing(row)}
          actions={
            canEdit || canRemove
              ? (row) => (
                <>
                  {canEdit && (
                    <Tooltip title="Editar" describeChild>
                      <IconButton size="small" aria-label={`Editar ${recordLabel(child, row)}`} onClick={() => setEditing(row)}>
                        <EditIcon fontSize="small" />
                      </IconButton>
                    </Tooltip>
                  )}
                  {canRemove && (
                    <Tooltip title="Remover" describeChild>
                      <IconButton size="small" color="error" aria-label={`Remover ${recordLabel(child, row)}`} onClick={() => setToRemove(row)}>
                        <DeleteIcon fontSize="small" />
                      </IconButton>
                    </Tooltip>
                  )}
                </>
              )
              : undefined
          }
        />
      )}
      {total > rows.length && (
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 1 }}>
          Mostrando {rows.length} de {total}.
        </Typography>
      )}

      <Dialog open={editing !== null} onClose={close} maxWidth="md" fullWidth aria-labelledby={`${spec.id}-dialog-title`}>
        <DialogTitle id={`${spec.id}-dialog-title`}>
          {editing === 'new' ? `Adicionar ${one.toLowerCase()}` : editing ? `${one}: ${recordLabel(child, editing)}` : ''}
        </DialogTitle>
        <DialogContent dividers>
          {editing !== null && editing !== 'new' && <ChildRecordActions def={child} row={editing} />}
          {editing !== null && (
            <RecordForm
              key={editing === 'new' ? 'new' : editing.id}
              def={child}
              mode={editing === 'new' ? 'create' : 'edit'}
              record={editing === 'new' ? null : editing}
              canDelete={false}
              onDelete={() => undefined}
              allowNav={allowNav}
              omit={omit}
              idPrefix={spec.id}
              submit={editing === 'new' ? submit : undefined}
              filesWithSubmit={editing === 'new' && multipart}
              onSaved={() => close()}
              onCancel={close}
              guard={false}
            />
          )}
        </DialogContent>
      </Dialog>

      <Dialog open={viewing !== null} onClose={() => setViewing(null)} maxWidth="md" fullWidth aria-labelledby={`${spec.id}-view-title`}>
        <DialogTitle id={`${spec.id}-view-title`}>{viewing ? `${one}: ${recordLabel(child, viewing)}` : ''}</DialogTitle>
        <DialogContent dividers>
          {viewing && <ChildRecordActions def={child} row={viewing} />}
          {viewing && <ReadOnlyView def={child} record={viewing} omit={omit} />}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setViewing(null)}>Fechar</Button>
        </DialogActions>
      </Dialog>

      {dialog}
      <ConfirmDialog
        open={!!toRemove}
        title={`Remover ${child.label.gender === 'f' ? 'esta' : 'este'} ${one.toLowerCase()}?`}
        message={toRemove ? `${one}: ${recordLabel(child, toRemove)}` : undefined}
        confirmLabel="Remover"
        destructive
        busy={remove.isPending}
        onConfirm={() => toRemove && remove.mutate(toRemove)}
        onClose={() => setToRemove(null)}
      />
    </Box>
  );
}
