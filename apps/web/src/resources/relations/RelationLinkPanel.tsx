/**
 * A `links` sub-list tab of a record (a process's people): the linked records with the target's list columns, a
 * searchable picker to link one more (the add call with { <target>_id }), and unlink per row after confirmation.
 * Linking changes the record, so it needs the right to update it (the server's rule). With `create`, "Adicionar" opens
 * the target's form and the owner's action creates and links it (a person's new contact), for who may run it.
 */
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { LoadState } from './LoadState';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import LinkOffIcon from '@mui/icons-material/LinkOff';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import type { RefField } from '@paco/domain/fields';
import type { ResourceDef } from '@paco/domain/resource';
import { api } from '../../api/client';
import type { Page } from '../../api/client';
import type { ApiRecord } from '../defs';
import { agree, qk, screenOf } from '../defs';
import { allowsRule, can } from '../access';
import { recordLabel } from '../format';
import ConfirmDialog from '../ConfirmDialog';
import RefInput from '../fields/RefInput';
import RecordForm from '../form/RecordForm';
import type { FormValues } from '../form/values';
import { useNotify } from '../useNotify';
import { useSessionUser } from '../useSessionUser';
import SubTable from './SubTable';
import type { RelationLinkSpec } from './specs';

export const linkListKey = (parent: string, id: number, name: string) => [...qk.all(parent), 'links', id, name] as const;

export default function RelationLinkPanel({ def, spec, record }: { def: ResourceDef; spec: RelationLinkSpec; record: ApiRecord }) {
  const { target, rel } = spec;
  const user = useSessionUser();
  const qc = useQueryClient();
  const notify = useNotify();
  const navigate = useNavigate();
  const [toUnlink, setToUnlink] = useState<ApiRecord | null>(null);
  const [pickerKey, setPickerKey] = useState(0);

  const canChange = can(def, 'update', user);
  const canLink = !!spec.addUrl && canChange;
  const canUnlink = !!spec.removeUrl && canChange;
  const canOpen = !!target.screen && can(target, 'read', user);
  const canCreate = !!spec.createUrl && allowsRule(spec.createRule, user, def.permission);
  const [creating, setCreating] = useState(false);
  const allowNav = useRef(false);
  const many = target.label.many;
  const key = linkListKey(def.name, record.id, spec.name);

  const list = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => api<Page<ApiRecord>>(spec.listUrl(record.id), { signal }),
  });
  const rows = list.data?.data ?? [];

  const onAnswer = (answer: unknown) => {
    // add and remove answer the linked list; otherwise read it again
    if (answer && typeof answer === 'object' && Array.isArray((answer as Page<ApiRecord>).data)) qc.setQueryData(key, answer);
    else return qc.invalidateQueries({ queryKey: key });
  };

  const link = useMutation({
    mutationFn: (id: number) => api<Page<ApiRecord>>(spec.addUrl!(record.id), { method: 'POST', body: { [spec.targetKey]: id } }),
    onSuccess: async (answer) => {
      notify.success(`${target.label.one} ${agree(target, 'vinculad')} com sucesso.`);
      await onAnswer(answer);
      setPickerKey((k) => k + 1);
    },
    onError: (e) => notify.error(e),
  });
  const unlink = useMutation({
    mutationFn: (row: ApiRecord) =>
      api<Page<ApiRecord>>(spec.removeUrl!(record.id, row.id), {
        method: rel.removeMethod ?? 'DELETE',
        body: rel.removeById ? undefined : { [spec.targetKey]: row.id },
      }),
    onSuccess: async (answer) => {
      setToUnlink(null);
      notify.success(`${target.label.one} ${agree(target, 'desvinculad')} com sucesso.`);
      await onAnswer(answer);
    },
    onError: (e) => {
      setToUnlink(null);
      notify.error(e);
    },
  });

  /** the owner's action creates the target and links it; the list is read again after */
  const create = async (payload: FormValues, idempotencyKey: string): Promise<ApiRecord> =>
    (await api<{ data: ApiRecord }>(spec.createUrl!(record.id), { method: 'POST', body: payload, idempotencyKey })).data;

  const pickerField: RefField = { kind: 'ref', to: target.name, label: `Vincular ${target.label.one.toLowerCase()}` };
  const linked = new Set(rows.map((r) => r.id));
  const titleId = `${spec.id}-title`;
  const one = def.label.one.toLowerCase();

  return (
    <Box>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 2 }}>
        <Typography id={titleId} variant="h6" component="h2" sx={{ flexGrow: 1 }}>
          {many}{' '}
          {list.data && (
            <Typography component="span" variant="body2" color="text.secondary">
              ({rows.length})
            </Typography>
          )}
        </Typography>
        {canCreate && (
          <Button variant="contained" size="small" startIcon={<AddIcon />} onClick={() => setCreating(true)}>
            Adicionar
          </Button>
        )}
      </Stack>

      {canLink && (
        <Box sx={{ mb: 2, maxWidth: 520 }}>
          <RefInput
            key={pickerKey}
            name={`${spec.id}-picker`}
            field={pickerField}
            value={null}
            onChange={(v) => {
              const id = Number(v);
              if (!id) return;
              if (linked.has(id)) notify.warning(`${target.label.one} já ${agree(target, 'vinculad')} a ${def.label.gender === 'f' ? 'esta' : 'este'} ${one}.`);
              else link.mutate(id);
            }}
            onBlur={() => undefined}
            mode="edit"
            size="small"
            disabled={link.isPending}
          />
        </Box>
      )}

      <LoadState query={list} many={many} />
      {list.data && (
        <SubTable
          def={target}
          rows={rows}
          label={many}
          rowHref={canOpen ? (row) => `${screenOf(target)}/${row.id}` : undefined}
          empty={`Nenhum registro de ${many.toLowerCase()} ${agree(target, 'vinculad')}.`}
          actions={
            canUnlink || canOpen
              ? (row) => (
                <>
                  {canOpen && (
                    <Tooltip title="Abrir" describeChild>
                      <IconButton size="small" aria-label={`Abrir ${recordLabel(target, row)}`} onClick={() => navigate(`${screenOf(target)}/${row.id}`)}>
                        <OpenInNewIcon fontSize="small" />
                      </IconButton>
                    </Tooltip>
                  )}
                  {canUnlink && (
                    <Tooltip title="Desvincular" describeChild>
                      <IconButton size="small" color="error" aria-label={`Desvincular ${recordLabel(target, row)}`} onClick={() => setToUnlink(row)}>
                        <LinkOffIcon fontSize="small" />
                      </IconButton>
                    </Tooltip>
                  )}
                </>
              )
              : undefined
          }
        />
      )}

      <Dialog open={creating} onClose={() => setCreating(false)} maxWidth="md" fullWidth aria-labelledby={`${spec.id}-dialog-title`}>
        <DialogTitle id={`${spec.id}-dialog-title`}>Adicionar {target.label.one.toLowerCase()}</DialogTitle>
        <DialogContent dividers>
          {creating && (
            <RecordForm
              def={target}
              mode="create"
              record={null}
              canDelete={false}
              onDelete={() => undefined}
              allowNav={allowNav}
              omit={rel.create?.omit}
              idPrefix={spec.id}
              submit={create}
              // made and linked to this record at once
              createdAs="adicionad"
              onSaved={() => {
                setCreating(false);
                void qc.invalidateQueries({ queryKey: key });
              }}
              onCancel={() => setCreating(false)}
              guard={false}
            />
          )}
        </DialogContent>
      </Dialog>

      <ConfirmDialog
        open={!!toUnlink}
        title={`Desvincular ${def.label.gender === 'f' ? 'desta' : 'deste'} ${one}?`}
        message={toUnlink ? `${target.label.one}: ${recordLabel(target, toUnlink)}` : undefined}
        confirmLabel="Desvincular"
        destructive
        busy={unlink.isPending}
        onConfirm={() => toUnlink && unlink.mutate(toUnlink)}
        onClose={() => setToUnlink(null)}
      />
    </Box>
  );
}
