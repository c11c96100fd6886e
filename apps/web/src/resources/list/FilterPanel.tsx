/**
 * A list's search box, then its filters behind one "Filtros" button that says how many are active: the records
 * come right after the search (fewer Tab stops, and on a phone the first screen shows rows). The panel starts open
 * on a desktop when a filter is active (the address carried it), closed otherwise. The controls are mounted only while
 * the panel is open (or closing): a list renders again on each sort, page or search, and a dozen closed choosers
 * rendered with it cost more than the grid's rows.
 */
import { useId, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import Stack from '@mui/material/Stack';
import FilterListIcon from '@mui/icons-material/FilterList';
import { useDesktop } from '../../layouts/useDesktop';

export interface FilterPanelProps {
  /** the search box (always shown) */
  search?: ReactNode;
  /** how many filters are active */
  active: number;
  /** clears every filter */
  onClear: () => void;
  /** the filter controls; none: no button */
  children?: ReactNode;
  hasFilters: boolean;
}

export function FilterPanel({ search, active, onClear, children, hasFilters }: FilterPanelProps) {
  const desktop = useDesktop();
  const [open, setOpen] = useState(() => desktop && active > 0);
  /** the controls are on the page: while open, and until the panel has finished closing */
  const [mounted, setMounted] = useState(open);
  const id = useId();
  return (
    <Box sx={{ mb: 2 }}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
        {search}
        {hasFilters && (
          <Button
            variant={active > 0 ? 'contained' : 'outlined'}
            startIcon={<FilterListIcon />}
            aria-expanded={open}
            aria-controls={id}
            onClick={() => {
              if (!open) setMounted(true);
              setOpen(!open);
            }}
          >
            {active > 0 ? `Filtros (${active})` : 'Filtros'}
          </Button>
        )}
      </Stack>
      {hasFilters && (
        <Collapse in={open} id={id} onExited={() => setMounted(false)}>
          {(open || mounted) && (
            <Stack direction="row" spacing={2} useFlexGap role="group" aria-label="Filtros" sx={{ pt: 2, flexWrap: 'wrap', alignItems: 'center' }}>
              {children}
              {active > 0 && <Button onClick={onClear}>Limpar filtros</Button>}
            </Stack>
          )}
        </Collapse>
      )}
    </Box>
  );
}
