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

export interface FileInputProps {
  name: string;
  field: FileField;
  /** the file stored on the record */
  current: FileValue | null;
  /** a file chosen here, sent after the record is saved */
  pending: File | null;
  onPick: (file: File | null, error: string | null) => void;
  error?: string;
  disabled?: boolean;
  /** said of a chosen file (default: it is sent when the record is saved) */
  pendingNote?: string;
}

/** Choose a file (checked against the field's formats and size); image preview; the upload happens after saving. */
export default function FileInput({ name, field, current, pending, onPick, error, disabled, pendingNote = ' O arquivo será enviado ao salvar.' }: FileInputProps) {
  const id = useId();
  const preview = useMemo(() => (pending && pending.type.startsWith('image/') ? URL.createObjectURL(pending) : null), [pending]);
  useEffect(() => () => { if (preview) URL.revokeObjectURL(preview); }, [preview]);
  const src = preview ?? (current && isImage(current) ? current.url : null);

  return (
    <Box role="group" aria-labelledby={`${id}-label`}>
      <Typography id={`${id}-label`} variant="body2" color={error ? 'error' : 'text.secondary'} gutterBottom>
        {field.label}
        {field.required ? ' *' : ''}
      </Typography>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        {src ? (
          <Box
            component="img"
            src={src}
            alt={pending ? `Prévia de ${field.label}` : field.label}
            sx={{ width: 96, height: 96, objectFit: 'contain', borderRadius: 1, border: 1, borderColor: 'divider', bgcolor: 'background.default' }}
          />
        ) : current && !pending ? (
          <Link href={current.url} target="_blank" rel="noopener noreferrer">
            {current.name || 'Arquivo atual'}
          </Link>
        ) : null}
        <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
          <Button component="label" variant="outlined" startIcon={<UploadFileIcon />} disabled={disabled}>
            {current || pending ? 'Trocar arquivo' : 'Escolher arquivo'}
            <input
              hidden
              type="file"
              name={name}
              data-testid={`file-${name}`}
              accept={field.accept.join(',')}
              onChange={(e) => {
                const file = e.target.files?.[0] ?? null;
                e.target.value = '';
                if (!file) return;
                onPick(file, validateFile(field, file));
              }}
            />
          </Button>
          {pending && (
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <Typography variant="body2">
                {pending.name} ({formatSize(pending.size)})
              </Typography>
              <Button size="small" onClick={() => onPick(null, null)} disabled={disabled}>
                Desfazer
              </Button>
            </Stack>
          )}
        </Stack>
      </Stack>
      <FormHelperText error={!!error}>{error ?? `${fileHint(field)}${pending ? pendingNote : ''}`}</FormHelperText>
    </Box>
  );
}
