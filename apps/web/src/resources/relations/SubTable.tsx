/**
 * A small table of records of one resource (a sub-list tab): its list columns, an optional row action column.
 * Like a list's rows (list/rowLink.tsx), each row's first text column is reachable with Tab and opened with Enter:
 * a link to the record's screen (`rowHref`) or a button opening it here (`onOpen`: the tab's dialog).
 */
import type { ReactNode } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ResourceDef } from '@paco/domain/resource';
import { columnField } from '@paco/domain/resource';
import type { ApiRecord } from '../defs';
import { formatText } from '../format';
import { FileThumb, RefValue } from '../display';

export interface SubTableProps {
  def: ResourceDef;
  rows: ApiRecord[];
  /** columns left out (the parent's key) */
  omit?: readonly string[];
  /** the columns shown (default: the definition's list columns) */
  columns?: readonly string[];
  label: string;
  onOpen?: (row: ApiRecord) => void;
  /** the record's own screen, when it has one (the row's link goes there) */
  rowHref?: (row: ApiRecord) => string;
  actions?: (row: ApiRecord) => ReactNode;
  empty?: string;
}

const NUMERIC = new Set(['int', 'decimal', 'money']);

const linkSx = { fontWeight: 500, textAlign: 'left', verticalAlign: 'baseline' } as const;

/** The row's first text cell as a link (its screen) or a link-styled button (opens it here). */
function OpenCell({ text, row, onOpen, rowHref }: { text: string; row: ApiRecord } & Pick<SubTableProps, 'onOpen' | 'rowHref'>) {
  const label = text || `Registro ${row.id}`;
  if (rowHref) {
    return (
      <Link component={RouterLink} to={rowHref(row)} sx={linkSx} onClick={(e) => e.stopPropagation()}>
        {label}
      </Link>
    );
  }
  return (
    <Link component="button" type="button" sx={linkSx} onClick={(e) => { e.stopPropagation(); onOpen?.(row); }}>
      {label}
    </Link>
  );
}

export default function SubTable({ def, rows, omit = [], columns, label, onOpen, rowHref, actions, empty = 'Nenhum registro.' }: SubTableProps) {
  const cols = (columns ?? def.list.columns).filter((k) => !omit.includes(k));
  const opens = !!(onOpen || rowHref);
  const linkAt = opens ? cols.findIndex((k) => columnField(def, k).kind !== 'file') : -1;
  const navigate = useNavigate();
  const open = rowHref ? (row: ApiRecord) => navigate(rowHref(row)) : onOpen;
  if (rows.length === 0) {
    return (
      <Typography color="text.secondary" sx={{ p: 2 }} data-testid="sub-empty">
        {empty}
      </Typography>
    );
  }
  return (
    <TableContainer sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}>
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            {cols.map((k) => {
              const fl = columnField(def, k);
              return (
                <TableCell key={k} align={NUMERIC.has(fl.kind) ? 'right' : 'left'} sx={{ fontWeight: 600 }}>
                  {fl.label}
                </TableCell>
              );
            })}
            {actions && <TableCell align="right" sx={{ fontWeight: 600, width: 120 }}>Ações</TableCell>}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow
              key={row.id}
              hover={opens}
              onClick={open ? () => open(row) : undefined}
              sx={opens ? { cursor: 'pointer' } : undefined}
            >
              {cols.map((k, i) => {
                const fl = columnField(def, k);
                return (
                  <TableCell key={k} align={NUMERIC.has(fl.kind) ? 'right' : 'left'}>
                    {fl.kind === 'file' ? (
                      <FileThumb value={row[k]} label={fl.label} />
                    ) : i === linkAt ? (
                      <OpenCell text={formatText(fl, k, row)} row={row} onOpen={onOpen} rowHref={rowHref} />
                    ) : fl.kind === 'ref' ? (
                      <RefValue field={fl} name={k} row={row} />
                    ) : (
                      formatText(fl, k, row)
                    )}
                  </TableCell>
                );
              })}
              {actions && (
                <TableCell align="right" onClick={(e) => e.stopPropagation()}>
                  <Box sx={{ display: 'inline-flex', gap: 0.5 }}>{actions(row)}</Box>
                </TableCell>
              )}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
