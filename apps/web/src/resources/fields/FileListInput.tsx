/**
 * A file field that holds several files (`multiple`): the stored files, each removable, and files chosen here; both
 * take effect when the record is saved (removals first, then the uploads, one call per file).
 */
import { useEffect, useId, useMemo } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import type { FileField } from '@paco/domain/fields';
import type { FileValue } from '../defs';
import { isImage } from '../defs';
import { fileHint, formatSize, validateFile } from './files';

export interface FileListInputProps {
  name: string;
  field: FileField;
  /** the files stored on the record */
  current: FileValue[];
  /** ids of stored files to remove on save */
  removed: readonly string[];
  /** files chosen here, sent on save */
  pending: readonly File[];
  onChange: (next: { removed: string[]; pending: File[] }, error: string | null) => void;
  error?: string;
  disabled?: boolean;
}

function Thumb({ src, name }: { src: string | null; name: string }) {
  if (!src) return null;
  return <Box component="img" src={src} alt={name} sx={{ width: 56, height: 56, objectFit: 'cover', borderRadius: 1, border: 1, borderColor: 'divider' }} />;
}

function PendingThumb({ file }: { file: File }) {
  const url = useMemo(() => (file.type.startsWith('image/') ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => () => { if (url) URL.revokeObjectURL(url); }, [url]);
  return <Thumb src={url} name={`Prévia de ${file.name}`} />;
}

export default function FileListInput({ name, field, current, removed, pending, onChange, error, disabled }: FileListInputProps) {
  const id = useId();
  const max = field.multiple ?? 1;
  const kept = current.filter((f) => !f.id || !removed.includes(f.id)).length;
  const room = max - kept - pending.length;

  const add = (list: FileList | null) => {
    const chosen = Array.from(list ?? []);
    if (!chosen.length) return;
    const problem = chosen.map((f) => validateFile(field, f)).find(Boolean) ?? null;
    if (problem) return onChange({ removed: [...removed], pending: [...pending] }, problem);
    if (chosen.length > room) {
      return onChange({ removed: [...removed], pending: [...pending] }, `${field.label}: no máximo ${max} arquivos (há espaço para mais ${Math.max(room, 0)}).`);
    }
    onChange({ removed: [...removed], pending: [...pending, ...chosen] }, null);
  };
  const toggle = (fileId: string) =>
    onChange({ removed: removed.includes(fileId) ? removed.filter((x) => x !== fileId) : [...removed, fileId], pending: [...pending] }, null);
  const drop = (i: number) => onChange({ removed: [...removed], pending: pending.filter((_, j) => j !== i) }, null);

  return (
    <Box role="group" aria-labelledby={`${id}-label`}>
      <Typography id={`${id}-label`} variant="body2" color={error ? 'error' : 'text.secondary'} gutterBottom>
        {field.label}
        {field.required ? ' *' : ''}
      </Typography>
      <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0, mb: 1 }} aria-label={`Arquivos de ${field.label}`}>
        {current.map((f) => {
          const gone = !!f.id && removed.includes(f.id);
          return (
            <Stack component="li" key={f.id ?? f.url} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <Thumb src={isImage(f) ? f.url : null} name={f.name} />
              <Link href={f.url} target="_blank" rel="noopener noreferrer" sx={gone ? { textDecoration: 'line-through' } : undefined}>
                {f.name || 'Arquivo'}
              </Link>
              {gone && <Typography variant="body2" color="text.secondary">(será removido ao salvar)</Typography>}
              {f.id && (
                <Button size="small" color={gone ? 'primary' : 'error'} onClick={() => toggle(f.id!)} disabled={disabled} aria-label={`${gone ? 'Manter' : 'Remover'} ${f.name}`}>
                  {gone ? 'Manter' : 'Remover'}
                </Button>
              )}
            </Stack>
          );
        })}
        {pending.map((f, i) => (
          <Stack component="li" key={`${f.name}-${i}`} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <PendingThumb file={f} />
            <Typography variant="body2">{f.name} ({formatSize(f.size)}) — será enviado ao salvar</Typography>
            <Button size="small" onClick={() => drop(i)} disabled={disabled} aria-label={`Desfazer ${f.name}`}>
              Desfazer
            </Button>
          </Stack>
        ))}
      </Stack>
      <Button component="label" variant="outlined" startIcon={<UploadFileIcon />} disabled={disabled || room <= 0}>
        Adicionar arquivos
        <input
          hidden
          type="file"
          multiple
          name={name}
          data-testid={`file-${name}`}
          accept={field.accept.join(',')}
          onChange={(e) => {
            add(e.target.files);
            e.target.value = '';
          }}
        />
      </Button>
      <FormHelperText error={!!error}>{error ?? `${fileHint(field)} Até ${max} arquivos.`}</FormHelperText>
    </Box>
  );
}
