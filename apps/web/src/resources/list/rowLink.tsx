/**
 * A list's rows are links: the first text column of each row is a real link to the record, so the rows are reached
 * with Tab, opened with Enter, and can open in a new tab. The row's own click (anywhere else on it) opens it too;
 * a click or Enter on the link is the link's alone (not a second navigation by the row's handlers).
 */
import type { KeyboardEvent, MouseEvent } from 'react';
import { Link as RouterLink } from 'react-router';
import Link from '@mui/material/Link';
import type { GridColDef, GridValidRowModel } from '@mui/x-data-grid';

/** True when the event comes from inside a link (the link navigates by itself). */
export const fromLink = (e: MouseEvent | KeyboardEvent): boolean => e.target instanceof Element && !!e.target.closest('a[href]');

/** The columns with the first non-file column rendered as a link to `hrefOf(row)` (unless `enabled` is false). */
export function withRowLink<R extends GridValidRowModel>(cols: GridColDef<R>[], hrefOf: (id: string | number) => string, enabled = true): GridColDef<R>[] {
  if (!enabled) return cols;
  const at = cols.findIndex((c) => !c.renderCell && c.type !== 'actions');
  if (at < 0) return cols;
  const out = [...cols];
  out[at] = {
    ...cols[at],
    renderCell: ({ id, formattedValue, value }) => (
      <Link
        component={RouterLink}
        to={hrefOf(id)}
        sx={{ fontWeight: 500, overflow: 'hidden', textOverflow: 'ellipsis', '&:focus-visible': { outlineOffset: -2 } }}
      >
        {String(formattedValue ?? value ?? '') || `Registro ${id}`}
      </Link>
    ),
  };
  return out;
}
