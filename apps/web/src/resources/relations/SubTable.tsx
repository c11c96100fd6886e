/** A small table of records of one resource (a sub-list tab): its list columns, an optional row action column. */
import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
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
import { FileThumb } from '../display';

export interface SubTableProps {
  def: ResourceDef;
  rows: ApiRecord[];
  /** columns left out (the parent's key) */
  omit?: readonly string[];
  label: string;
  onOpen?: (row: ApiRecord) => void;
  actions?: (row: ApiRecord) => ReactNode;
  empty?: string;
}

const NUMERIC = new Set(['int', 'decimal', 'money']);

export default function SubTable({ def, rows, omit = [], label, onOpen, actions, empty = 'Nenhum registro.' }: SubTableProps) {
  const cols = def.list.columns.filter((k) => !omit.includes(k));
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
              hover={!!onOpen}
              onClick={onOpen ? () => onOpen(row) : undefined}
              sx={onOpen ? { cursor: 'pointer' } : undefined}
            >
              {cols.map((k) => {
                const fl = columnField(def, k);
                return (
                  <TableCell key={k} align={NUMERIC.has(fl.kind) ? 'right' : 'left'}>
                    {fl.kind === 'file' ? <FileThumb value={row[k]} label={fl.label} /> : formatText(fl, k, row)}
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
