/** The create/edit form of a record: one input per writable field from the registry, uploads after saving. */
import { useEffect, useMemo, useRef, useState } from 'react';
import type { RefObject } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import DeleteIcon from '@mui/icons-material/Delete';
import SaveIcon from '@mui/icons-material/Save';
import type { ResourceDef } from '@paco/domain/resource';
import { refFields, tableOf } from '@paco/domain/resource';
import { resources } from '@paco/domain/resources';
import { api, ApiError, newIdempotencyKey } from '../../api/client';
import type { ApiRecord, DoneStem, FileValue } from '../defs';
import { dependentQuery, dependentRefs, doneMessage, isFileValue, qk, refKey, screenOf } from '../defs';
import { refLabel } from '../format';
import { fieldRegistry } from '../fields/registry';
import { WIDE_KINDS } from '../fields/layout';
import FileInput from '../fields/FileInput';
import FileListInput from '../fields/FileListInput';
import { fileListOf, sendFileLists, type FileLists } from './fileLists';
import { READ_ONLY_KINDS, type RefOption } from '../fields/types';
import { useNotify } from '../useNotify';
import UnsavedChangesGuard from './UnsavedChangesGuard';
import type { FormValues, Mode } from './values';
import { JsonFieldError, formFields, formSchema, toFormValues, toPayload, uploadFields } from './values';

export interface RecordFormProps {
  def: ResourceDef;
  mode: Mode;
  record: ApiRecord | null;
  canDelete: boolean;
  onDelete: () => void;
  /** set to true before a navigation the unsaved-changes guard must let through (after saving or deleting) */
  allowNav: RefObject<boolean>;
  /** the web route of the list the form belongs to (a screen view's path); default the definition's screen */
  screen?: string;
  /** fields left out of the form (the parent's key of a sub-list item) */
  omit?: readonly string[];
  /** initial values on create (a screen view's fixed filter) */
  preset?: Record<string, unknown>;
  /** save through another call (a sub-list's add call, "Meu Cadastro"); default POST {path} / PUT {path}/{id} */
  /** saves instead of the standard create/update; `idempotencyKey` is the same for every attempt of one creation */
  submit?: (payload: FormValues, idempotencyKey: string, files?: Record<string, File>) => Promise<ApiRecord>;
  /** the chosen files go to `submit` with the fields (one multipart call: an event's photo), not uploaded after it */
  filesWithSubmit?: boolean;
  /** where files are uploaded (default POST {path}/{id}/upload) */
  uploadUrl?: (id: number) => string;
  /** after saving (and uploading): instead of navigating */
  onSaved?: (record: ApiRecord) => void;
  /** what the toast says was done on create, as a participle's stem (default "criad": "Contato criado com sucesso.") */
  createdAs?: DoneStem;
  /** the Cancel button: instead of going back to the list */
  onCancel?: () => void;
  /** warn before leaving with unsaved changes (default true; off inside dialogs) */
  guard?: boolean;
  /**
   * prefix of the inputs' ids: a form in a dialog over the record's own form (a sub-list row) needs ids of its own,
   * or its labels would name the fields behind it (both have an "Observações")
   */
  idPrefix?: string;
}

export default function RecordForm(props: RecordFormProps) {
  const { def, mode, record, canDelete, onDelete, allowNav, omit, preset, submit, filesWithSubmit, uploadUrl, onSaved, createdAs = 'criad', onCancel, guard = true, idPrefix } = props;
  const idOf = (name: string) => (idPrefix ? `${idPrefix}-${name}` : name);
  const navigate = useNavigate();
  const qc = useQueryClient();
  const notify = useNotify();
  const screen = props.screen ?? screenOf(def);
  // the fields left out, by their names (a caller's new array with the same names is the same list)
  const omitKey = (omit ?? []).join(',');
  const omitted = useMemo(() => (omitKey ? omitKey.split(',') : []), [omitKey]);
  const fields = useMemo(() => formFields(def).filter(([k]) => !omitted.includes(k)), [def, omitted]);
  const files = useMemo(() => uploadFields(def), [def]);
  const schema = useMemo(() => formSchema(def, mode, omitted), [def, mode, omitted]);
  const defaults = useMemo(() => toFormValues(def, record, mode === 'create' ? preset : undefined), [def, record, mode, preset]);
  const deps = useMemo(() => dependentRefs(def), [def]);
  const depSources = useMemo(() => [...new Set(Object.values(deps).flatMap((d) => d.map((x) => x.source)))], [deps]);

  const form = useForm<FormValues, unknown, FormValues>({
    resolver: zodResolver(schema as never) as never,
    defaultValues: defaults,
    mode: 'onTouched',
  });
  const { control, handleSubmit, setError, reset, formState } = form;
  const watched = useWatch({ control, name: depSources });
  const sourceValue = (name: string): unknown => watched[depSources.indexOf(name)];

  const [pendingFiles, setPendingFiles] = useState<Record<string, File | null>>({});
  const [fileErrors, setFileErrors] = useState<Record<string, string | null>>({});
  /** fields holding several files: removals and uploads made on save */
  const [lists, setLists] = useState<FileLists>({});
  const dirty = formState.isDirty || Object.values(pendingFiles).some(Boolean) || Object.values(lists).some((l) => l.pending.length || l.removed.length);
  // a new form (after creating, the page stays mounted and shows the new record) guards again
  useEffect(() => {
    allowNav.current = false;
  }, [allowNav]);

  const initialOptions = useMemo(() => {
    const out: Record<string, RefOption | null> = {};
    for (const [k, fl] of refFields(def)) {
      const id = Number(record?.[k]);
      const label = refLabel(fl, record?.[refKey(k)]);
      if (id && label) out[k] = { id, label };
    }
    return out;
  }, [def, record]);

  const keys = useMemo(() => new Set(fields.map(([k]) => k)), [fields]);
  const fileKeys = useMemo(() => new Set(files.map(([k]) => k)), [files]);

  const leave = (to: string, replace = false) => {
    allowNav.current = true;
    void navigate(to, { replace });
  };

  const invalidate = () =>
    Promise.all(resources.filter((r) => tableOf(r) === tableOf(def)).map((r) => qc.invalidateQueries({ queryKey: qk.all(r.name) })));

  const upload = async (id: number): Promise<{ record: ApiRecord | null; failed: boolean }> => {
    const base = uploadUrl ? uploadUrl(id) : `${def.path}/${id}/upload`;
    const sent = await sendFileLists(base, files, lists, {
      done: (k, left) => setLists((p) => ({ ...p, [k]: left })),
      failed: (k, fl, msg) => {
        setFileErrors((p) => ({ ...p, [k]: msg }));
        notify.error(`Não foi possível salvar os arquivos de ${fl.label}: ${msg}`);
      },
    });
    let latest: ApiRecord | null = sent.record;
    let failed = sent.failed;
    for (const [k, fl] of files) {
      if (fl.multiple) continue;
      const file = pendingFiles[k];
      if (!file) continue;
      const body = new FormData();
      body.append(k, file);
      try {
        latest = (await api<{ data: ApiRecord }>(uploadUrl ? uploadUrl(id) : `${def.path}/${id}/upload`, { method: 'POST', body })).data;
        setPendingFiles((p) => ({ ...p, [k]: null }));
      } catch (e) {
        failed = true;
        const msg = e instanceof ApiError ? (e.errors[k]?.join(' ') ?? e.errors.file?.join(' ') ?? e.message) : 'Ocorreu um erro!';
        setFileErrors((p) => ({ ...p, [k]: msg }));
        notify.error(`Não foi possível enviar o arquivo de ${fl.label}: ${msg}`);
      }
    }
    return { record: latest, failed };
  };

  /** one key for every attempt to create this record: "Salvar" again after a lost answer does not create twice */
  const createKey = useRef(newIdempotencyKey());

  const onSubmit = async (values: FormValues) => {
    if (Object.values(fileErrors).some(Boolean)) return;
    let payload: FormValues;
    try {
      payload = toPayload(def, values, mode);
    } catch (e) {
      if (e instanceof JsonFieldError) {
        setError(e.field, { type: 'json', message: 'JSON inválido.' }, { shouldFocus: true });
        return;
      }
      throw e;
    }
    try {
      const chosen = Object.fromEntries(Object.entries(pendingFiles).filter((e): e is [string, File] => !!e[1]));
      const saved = submit
        ? await submit(payload, createKey.current, filesWithSubmit ? chosen : undefined)
        : mode === 'create'
          ? (await api<{ data: ApiRecord }>(def.path, { method: 'POST', body: payload, idempotencyKey: createKey.current })).data
          : (await api<{ data: ApiRecord }>(`${def.path}/${record!.id}`, { method: 'PUT', body: payload })).data;
      // the next submission of this form is a new create
      createKey.current = newIdempotencyKey();
      if (filesWithSubmit) setPendingFiles({});
      const uploaded = filesWithSubmit ? { record: null, failed: false } : await upload(saved.id);
      const latest = uploaded.record ?? saved;
      qc.setQueryData(qk.detail(def.name, saved.id), latest);
      await invalidate();
      notify.success(doneMessage(def, mode === 'create' ? createdAs : 'atualizad'));
      if (onSaved) {
        // the record exists: a failed upload was already reported and can be retried from the record
        allowNav.current = true;
        onSaved(latest);
        return;
      }
      // create: the new record's page (links and uploads live there); edit: back to the list
      if (mode === 'create') leave(`${screen}/${saved.id}`, true);
      else if (!uploaded.failed) leave(screen);
      else reset(toFormValues(def, latest));
    } catch (e) {
      if (e instanceof ApiError && e.status === 422 && Object.keys(e.errors).length) {
        const loose: string[] = [];
        let first = true;
        for (const [path, messages] of Object.entries(e.errors)) {
          const key = path.split('.')[0];
          const message = messages.join(' ');
          if (keys.has(key)) {
            setError(key, { type: 'server', message }, { shouldFocus: first });
            first = false;
          } else if (fileKeys.has(key)) setFileErrors((p) => ({ ...p, [key]: message }));
          // not on this form: named, since the message itself does not say which field it is about
          else loose.push(def.fields[key] ? `${def.fields[key].label}: ${message}` : message);
        }
        if (loose.length) notify.error(loose.join(' '));
      } else {
        notify.error(e);
      }
    }
  };

  return (
    <Box component="form" noValidate onSubmit={handleSubmit(onSubmit)} aria-label={def.label.one}>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: 2, alignItems: 'start' }}>
        {fields.map(([name, field]) => {
          const Input = fieldRegistry[field.kind as Exclude<typeof field.kind, 'file'>];
          const extra = dependentQuery(deps[name], sourceValue);
          return (
            <Box key={name} sx={{ gridColumn: WIDE_KINDS.has(field.kind) ? '1 / -1' : undefined, minWidth: 0 }}>
              <Controller
                name={name}
                control={control}
                render={({ field: f, fieldState }) => (
                  <Input
                    name={idOf(name)}
                    field={field}
                    value={f.value}
                    onChange={f.onChange}
                    onBlur={f.onBlur}
                    inputRef={f.ref}
                    error={fieldState.error?.message}
                    disabled={formState.isSubmitting || (mode === 'edit' && !!field.createOnly && !READ_ONLY_KINDS.has(field.kind))}
                    readOnly={mode === 'edit' && !!field.createOnly}
                    mode={mode}
                    original={mode === 'edit' ? record?.[name] : undefined}
                    initialOption={field.kind === 'ref' ? initialOptions[name] : undefined}
                    extraQuery={extra}
                    owner={field.kind === 'ref' ? { def, field: name } : undefined}
                  />
                )}
              />
            </Box>
          );
        })}
        {files.map(([name, field]) => (
          <Box key={name} sx={{ gridColumn: '1 / -1' }}>
            {field.multiple ? (
              <FileListInput
                name={idOf(name)}
                field={field}
                current={fileListOf(record?.[name])}
                removed={lists[name]?.removed ?? []}
                pending={lists[name]?.pending ?? []}
                error={fileErrors[name] ?? undefined}
                disabled={formState.isSubmitting}
                onChange={(next, error) => {
                  setLists((p) => ({ ...p, [name]: next }));
                  setFileErrors((p) => ({ ...p, [name]: error }));
                }}
              />
            ) : (
              <FileInput
                name={idOf(name)}
                field={field}
                current={isFileValue(record?.[name]) ? (record![name] as FileValue) : null}
                pending={pendingFiles[name] ?? null}
                error={fileErrors[name] ?? undefined}
                disabled={formState.isSubmitting}
                onPick={(file, error) => {
                  setPendingFiles((p) => ({ ...p, [name]: error ? null : file }));
                  setFileErrors((p) => ({ ...p, [name]: error }));
                }}
              />
            )}
          </Box>
        ))}
      </Box>

      <Stack direction="row" spacing={1} sx={{ mt: 3, alignItems: 'center' }}>
        <Button type="submit" variant="contained" startIcon={<SaveIcon />} loading={formState.isSubmitting} loadingPosition="start">
          Salvar
        </Button>
        <Button onClick={() => (onCancel ? onCancel() : navigate(screen))} disabled={formState.isSubmitting}>
          Cancelar
        </Button>
        <Box sx={{ flexGrow: 1 }} />
        {mode === 'edit' && canDelete && (
          <Button color="error" startIcon={<DeleteIcon />} onClick={onDelete} disabled={formState.isSubmitting}>
            Excluir
          </Button>
        )}
      </Stack>

      {guard && <UnsavedChangesGuard when={dirty && !formState.isSubmitting} allowRef={allowNav} />}
    </Box>
  );
}
