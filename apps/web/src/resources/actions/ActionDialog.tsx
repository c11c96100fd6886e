/**
 * The dialog of a declared record action: its confirmation text and the fields of its form (the same inputs as the
 * record forms, validated by the same schema as the server's; `prefill` fields start with the record's values), sent
 * once per submission (Idempotency-Key). As the server prepared it for this record (`_actions`: ActionState): its
 * starting values, the fields it decided (shown read-only, not sent) and the fields narrowed to the choices allowed
 * now. A read-only field with a `preview` shows the server's computation live. A form with a file field (an answer's
 * attachment, a step's anexo) sends, when a file was chosen, multipart/form-data: the fields, then the file, in one
 * call, so the file is kept in the action's transaction.
 */
import { useMemo, useRef, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { Field, FileField, MultiField, SelectField } from '@paco/domain/fields';
import type { ActionDef, ResourceDef } from '@paco/domain/resource';
import { actionInput, type ActionState } from '@paco/domain/workflow';
import { api, ApiError, newIdempotencyKey } from '../../api/client';
import type { ApiRecord } from '../defs';
import { actionUrl } from '../defs';
import { formatText } from '../format';
import FileInput from '../fields/FileInput';
import PreviewInput from '../fields/PreviewInput';
import { fieldRegistry } from '../fields/registry';
import { fieldId } from '../fields/types';

export interface ActionDialogProps {
  def: ResourceDef;
  name: string;
  action: ActionDef;
  record: ApiRecord;
  /** the action's state sent with the record (the server's preparation of its dialog) */
  state?: ActionState;
  onClose: () => void;
  /** done; `problem`: what went wrong after it (a file the action's record did not get) */
  onDone: (answer: unknown) => void;
  onError: (e: unknown) => void;
}

type Values = Record<string, unknown>;

/**
 * A field offered only the choices the server allows now: a select of them, whatever the field's kind (several of
 * them, for a list field: the commissions a matter goes to).
 */
const asChoice = (fl: Field, choices: NonNullable<ActionState['choices']>[string]): SelectField | MultiField => {
  const options = choices.map((c) => ({ value: String(c.value), label: c.label }));
  return fl.kind === 'multi' ? { ...fl, options } : { kind: 'select', label: fl.label, required: fl.required, help: fl.help, options };
};

export default function ActionDialog({ def, name, action, record, state, onClose, onDone, onError }: ActionDialogProps) {
  const entries = useMemo(() => Object.entries(action.form ?? {}), [action]);
  const fields = useMemo(() => entries.filter(([, fl]) => fl.kind !== 'file'), [entries]);
  const fileFields = useMemo(() => entries.filter((e): e is [string, FileField] => e[1].kind === 'file' && !(e[1] as FileField).multiple), [entries]);
  const fixed = useMemo(() => new Set(state?.fixed ?? []), [state]);
  const schema = useMemo(() => actionInput(action), [action]);
  const key = useRef(newIdempotencyKey());
  const [files, setFiles] = useState<Record<string, File | null>>({});
  const [fileErrors, setFileErrors] = useState<Record<string, string | null>>({});
  const form = useForm<Values>({
    resolver: schema ? (zodResolver(schema as never) as never) : undefined,
    // the server's starting values, else a prefilled field's record value (the draft's type), else the default
    defaultValues: Object.fromEntries(fields.map(([k, fl]) => [
      k, state?.values?.[k] ?? (action.prefill?.includes(k) ? record[k] : undefined) ?? fl.default ?? (fl.kind === 'bool' ? false : ''),
    ])),
    mode: 'onTouched',
  });
  const { control, handleSubmit, setError, formState } = form;
  const watched = useWatch({ control }) as Values;
  const titleId = `action-${name}-title`;

  const submit = async (values: Values) => {
    if (Object.values(fileErrors).some(Boolean)) return;
    try {
      // what the server decided is not sent back: it sets it again
      const body = Object.fromEntries(Object.entries(values).filter(([k]) => !fixed.has(k)).map(([k, v]) => [k, v === '' ? null : v]));
      const chosen = Object.entries(files).filter((e): e is [string, File] => !!e[1]);
      let sent: Record<string, unknown> | FormData = body;
      if (chosen.length) {
        // the fields first, then the files, in one call: the server reads them in that order and keeps the file in
        // the action's transaction
        const multipart = new FormData();
        for (const [k, v] of Object.entries(body)) if (v !== null && v !== undefined) multipart.append(k, typeof v === 'string' ? v : JSON.stringify(v));
        for (const [k, file] of chosen) multipart.append(k, file, file.name);
        sent = multipart;
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
          {action.confirm && <DialogContentText sx={{ mb: entries.length ? 2 : 0 }}>{action.confirm}</DialogContentText>}
          <Stack spacing={2} sx={{ pt: entries.length ? 1 : 0 }}>
            {fields.map(([k, fl]) => {
              if (fl.readOnly) return fl.preview ? <PreviewInput key={k} name={`${name}-${k}`} field={fl} values={watched} /> : null;
              if (fixed.has(k)) {
                // decided by the server (a step's origin: where the previous step arrived)
                return (
                  <TextField key={k} id={fieldId(`${name}-${k}`)} label={fl.label} value={formatText(fl, k, state?.values ?? {}) || '—'} fullWidth
                    helperText="Definido pelo passo anterior." slotProps={{ input: { readOnly: true } }} />
                );
              }
              const choices = state?.choices?.[k];
              const shown = choices ? asChoice(fl, choices) : fl;
              const Input = fieldRegistry[shown.kind as Exclude<typeof shown.kind, 'file'>];
              return (
                <Controller
                  key={k}
                  name={k}
                  control={control}
                  render={({ field: f, fieldState }) => (
                    // ids of their own: the record's form behind the dialog may have a field of the same name
                    <Input name={`${name}-${k}`} field={shown as never} value={choices && shown.kind === 'select' ? (f.value === null || f.value === undefined ? '' : String(f.value)) : f.value}
                      onChange={f.onChange} onBlur={f.onBlur} inputRef={f.ref} error={fieldState.error?.message} disabled={formState.isSubmitting} mode="create" />
                  )}
                />
              );
            })}
            {fileFields.map(([k, fl]) => (
              <FileInput key={k} name={`${name}-${k}`} field={fl} current={null} pending={files[k] ?? null} error={fileErrors[k] ?? undefined} disabled={formState.isSubmitting}
                pendingNote=" O arquivo vai junto."
                onPick={(file, problem) => {
                  setFiles((p) => ({ ...p, [k]: problem ? null : file }));
                  setFileErrors((p) => ({ ...p, [k]: problem }));
                }} />
            ))}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={formState.isSubmitting} autoFocus={!entries.length}>Cancelar</Button>
          <Button type="submit" variant="contained" color={action.tone === 'danger' ? 'error' : 'primary'} disabled={formState.isSubmitting}>
            {action.label}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
