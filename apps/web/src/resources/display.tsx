/** Rich display of a value (file thumbnails, links, colour swatches, JSON) for list cells and read-only views. */
import { Link as RouterLink } from 'react-router';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import InsertDriveFileIcon from '@mui/icons-material/InsertDriveFile';
import { LINK_SCHEMES, urlHasScheme, type Field, type MultiField, type RefField } from '@paco/domain/fields';
import { multiText, useMultiOptions } from './fields/multiOptions';
import { isFileValue, isImage, targetOf } from './defs';
import { formatText } from './format';
import { can } from './access';
import { useOptionalSessionUser, type SessionUser } from './useSessionUser';

/**
 * Where a reference leads: the referred record's screen, when its resource has one and the user may read it (a
 * matter's norm, a step's plenary session); a lookup (`types`) or a record without a screen (a voting) is text.
 */
export function refHref(field: RefField, id: unknown, user: SessionUser | null): string | null {
  const target = targetOf(field);
  if (field.typeOf || !target?.screen || typeof id !== 'number' || !can(target, 'read', user)) return null;
  return `${target.screen}/${id}`;
}

/** A reference's label, as a link to the referred record when it has a screen. */
export function RefValue({ field, name, row }: { field: RefField; name: string; row: Record<string, unknown> }) {
  const user = useOptionalSessionUser();
  const text = formatText(field, name, row);
  const href = text ? refHref(field, row[name], user) : null;
  if (!href) return <>{text}</>;
  return <Link component={RouterLink} to={href} onClick={(e) => e.stopPropagation()}>{text}</Link>;
}

/** A file (or the first of a list of files) as a thumbnail or a link. */
export function FileThumb({ value: given, label, size = 32 }: { value: unknown; label: string; size?: number }) {
  const value: unknown = Array.isArray(given) ? given[0] : given;
  if (!isFileValue(value)) return null;
  if (isImage(value)) {
    return <Avatar variant="rounded" src={value.url} alt={`${label}: ${value.name}`} sx={{ width: size, height: size }} slotProps={{ img: { loading: 'lazy' } }} />;
  }
  return (
    <Link href={value.url} target="_blank" rel="noopener noreferrer" onClick={(e) => e.stopPropagation()} sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
      <InsertDriveFileIcon fontSize="small" />
      {value.name || 'Arquivo'}
    </Link>
  );
}

/** The value of `row[key]` shown in full (read-only views). */
export function ValueView({ field, name, row }: { field: Field; name: string; row: Record<string, unknown> }) {
  const v = row[name];
  if (field.kind === 'file') {
    const files = (Array.isArray(v) ? v : [v]).filter(isFileValue);
    if (!files.length) return <>—</>;
    return (
      <Box component="span" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        {files.map((x) => <FileThumb key={x.url} value={x} label={field.label} size={120} />)}
      </Box>
    );
  }
  if (field.kind === 'multi') return <MultiView field={field} value={v} />;
  if (field.kind === 'json') {
    return v === null || v === undefined ? <>—</> : (
      // it scrolls when long: a region the keyboard can reach and scroll (WCAG 2.1.1), named by its field
      <Box component="pre" tabIndex={0} role="region" aria-label={field.label}
        sx={{ m: 0, p: 1, bgcolor: 'action.hover', borderRadius: 1, overflow: 'auto', fontSize: 13, maxHeight: 320 }}>
        {JSON.stringify(v, null, 2)}
      </Box>
    );
  }
  const text = formatText(field, name, row);
  if (!text) return <>—</>;
  if (field.kind === 'ref') return <RefValue field={field} name={name} row={row} />;
  if (field.kind === 'url') {
    // only http(s), mailto and tel become links: a value saved before the server checked schemes may be javascript:
    if (!urlHasScheme(text, LINK_SCHEMES)) return <Box component="span" sx={{ wordBreak: 'break-all' }}>{text}</Box>;
    return <Link href={text.trim()} target="_blank" rel="noopener noreferrer">{text}</Link>;
  }
  if (field.kind === 'email') return <Link href={`mailto:${text}`}>{text}</Link>;
  if (field.kind === 'color') {
    return (
      <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
        <Box component="span" sx={{ width: 16, height: 16, borderRadius: 0.5, bgcolor: text, border: 1, borderColor: 'divider' }} />
        {text}
      </Box>
    );
  }
  return <Box component="span" sx={{ whiteSpace: 'pre-wrap' }}>{text}</Box>;
}

/** A multi field's values by their labels (the types of its category read once). */
function MultiView({ field, value }: { field: MultiField; value: unknown }) {
  const { options } = useMultiOptions(field, Array.isArray(value) && value.length > 0);
  const text = multiText(value, options);
  return <>{text || '—'}</>;
}
