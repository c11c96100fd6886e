/**
 * The dialog of a declared record action: its confirmation text and the fields of its form (the same inputs as the
 * record forms, validated by the same schema as the server's; `prefill` fields start with the record's values), sent
 * once per submission (Idempotency-Key). A form with a file field (an answer's attachment) sends, when a file was
 * chosen, multipart/form-data: the fields, then the file, in one call.
 */
import { useMemo, useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import type { FileField } from '@paco/domain/fields';
import type { ActionDef, ResourceDef } from '@paco/domain/resource';
import { actionInput } from '@paco/domain/workflow';
import { api, ApiError, newIdempotencyKey } from '../../api/client';
import type { ApiRecord } from '../defs';
import { actionUrl } from '../defs';
import { fieldRegistry } from '../fields/registry';
import FileInput from '../fields/FileInput';

export interface ActionDialogProps {
  def: ResourceDef;
  name: string;
  action: ActionDef;
  record: ApiRecord;
  onClose: () => void;
  onDone: (answer: unknown) => void;
  onError: (e: unknown) => void;
}

type Values = Record<string, unknown>;

export default function ActionDialog({ def, name, action, record, onClose, onDone, onError }: ActionDialogProps) {
  const fields = useMemo(() => Object.entries(action.form ?? {}).filter(([, fl]) => fl.kind !== 'file'), [action]);
  const fileFields = useMemo(() => Object.entries(action.form ?? {}).filter((e): e is [string, FileField] => e[1].kind === 'file'), [action]);
  const [files, setFiles] = useState<Record<string, File | null>>({});
  const [fileErrors, setFileErrors] = useState<Record<string, string | null>>({});
  const schema = useMemo(() => actionInput(action), [action]);
  const key = useRef(newIdempotencyKey());
  const form = useForm<Values>({
    resolver: schema ? (zodResolver(schema as never) as never) : undefined,
    // a prefilled field starts with the record's value (the draft's type), the others with their default
    defaultValues: Object.fromEntries(fields.map(([k, fl]) => [k, (action.prefill?.includes(k) ? record[k] : undefined) ?? fl.default ?? (fl.kind === 'bool' ? false : '')])),
    mode: 'onTouched',
  });
  const { control, handleSubmit, setError, formState } = form;
  const titleId = `action-${name}-title`;

  const submit = async (values: Values) => {
    if (Object.values(fileErrors).some(Boolean)) return;
    try {
      const body = Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v === '' ? null : v]));
      const chosen = Object.entries(files).filter((e): e is [string, File] => !!e[1]);
      let sent: Record<string, unknown> | FormData = body;
      if (chosen.length) {
        // the fields first, then the files: the server reads them in that order
        const form = new FormData();
        for (const [k, v] of Object.entries(body)) if (v !== null && v !== undefined) form.append(k, typeof v === 'string' ? v : JSON.stringify(v));
        for (const [k, file] of chosen) form.append(k, file, file.name);
        sent = form;
      }
      const answer = await api(actionUrl(def, action, record.id), {
        method: action.method === 'GET' ? 'GET' : action.method, body: sent, idempotencyKey: action.method === 'POST' ? key.current : undefined,
      });
      onDone(answer);
    } catch (e) {
      if (e instanceof ApiError && e.status === 422 && Object.keys(e.errors).some((k) => fields.some(([f]) => f === k) || fileFields.some(([f]) => f === k))) {
        for (const [k, msgs] of Object.entries(e.errors)) {
          if (fileFields.some(([f]) => f === k)) setFileErrors((p) => ({ ...p, [k]: msgs.join(' ') }));
          else setError(k, { type: 'server', message: msgs.join(' ') }, { shouldFocus: true });
        }
        return;
      }
      onError(e);
    }
  };

  return (
    <Dialog open onClose={formState.isSubmitting ? undefined : onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <form onSubmit={handleSubmit(submit)} noValidate>
        <DialogTitle id={titleId}>{action.label}</DialogTitle>
        <DialogContent>
          {action.confirm && <DialogContentText sx={{ mb: fields.length ? 2 : 0 }}>{action.confirm}</DialogContentText>}
          <Stack spacing={2} sx={{ pt: fields.length || fileFields.length ? 1 : 0 }}>
            {fields.map(([k, fl]) => {
              const Input = fieldRegistry[fl.kind as Exclude<typeof fl.kind, 'file'>];
              return (
                <Controller
                  key={k}
                  name={k}
                  control={control}
                  render={({ field: f, fieldState }) => (
                    // ids of their own: the record's form behind the dialog may have a field of the same name
                    <Input name={`${name}-${k}`} field={fl} value={f.value} onChange={f.onChange} onBlur={f.onBlur} inputRef={f.ref}
                      error={fieldState.error?.message} disabled={formState.isSubmitting} mode="create" />
                  )}
                />
              );
            })}
            {fileFields.map(([k, fl]) => (
              <FileInput key={k} name={`${name}-${k}`} field={fl} current={null} pending={files[k] ?? null} error={fileErrors[k] ?? undefined}
                disabled={formState.isSubmitting} pendingNote=" O arquivo vai junto."
                onPick={(file, problem) => {
                  setFiles((p) => ({ ...p, [k]: problem ? null : file }));
                  setFileErrors((p) => ({ ...p, [k]: problem }));
                }} />
            ))}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={formState.isSubmitting} autoFocus={!fields.length && !fileFields.length}>Cancelar</Button>
          <Button type="submit" variant="contained" color={action.tone === 'danger' ? 'error' : 'primary'} disabled={formState.isSubmitting}>
            {action.label}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
