/**
 * The Mesa's decisions on an item of the pauta, from the control room (docs/workflows/ciclo-legislativo.md): pedido de
 * vista, retirada de pauta, adiamento, urgência — the item's declared record actions. The menu reads the item's show
 * answer when opened (which actions the operator may run now, and why not) and runs them through the generic action
 * dialog; the item's new state comes back by push.
 */
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import Button from '@mui/material/Button';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import type { LiveAgendaItem } from '@paco/domain/plenary';
import { resourceByName } from '@paco/domain/resources';
import { recordActions } from '@paco/domain/workflow';
import { fetchRecord, qk } from '../../resources/defs';
import { statesOf, useRecordAction } from '../../resources/actions/useRecordAction';

const itemsDef = resourceByName.get('plenary_matters')!;

export function ItemActions({ item, disabled }: { item: LiveAgendaItem; disabled?: boolean }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const { start, dialog } = useRecordAction(itemsDef);
  const record = useQuery({
    queryKey: qk.detail(itemsDef.name, item.id),
    queryFn: ({ signal }) => fetchRecord(itemsDef, item.id, signal),
    enabled: !!anchor,
  });
  const states = statesOf(record.data);
  const actions = recordActions(itemsDef).filter(([name]) => states[name]);
  const menuId = `acoes-item-${item.id}`;
  return (
    <>
      <Button
        size="small"
        variant="outlined"
        startIcon={<MoreVertIcon />}
        disabled={disabled}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        aria-label={`Ações da matéria: ${item.identificacao}`}
        onClick={(e) => setAnchor(e.currentTarget)}
      >
        Ações…
      </Button>
      <Menu id={menuId} anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        {record.isLoading && <MenuItem disabled>Carregando…</MenuItem>}
        {record.isError && <MenuItem disabled>Não foi possível carregar as ações.</MenuItem>}
        {record.data && actions.length === 0 && <MenuItem disabled>Nenhuma ação disponível.</MenuItem>}
        {record.data && actions.map(([name, a]) => {
          const st = states[name];
          return (
            <MenuItem
              key={name}
              aria-disabled={!st.allowed}
              sx={st.allowed ? undefined : { opacity: 0.7 }}
              onClick={() => {
                setAnchor(null);
                start(name, record.data!);
              }}
            >
              <ListItemText primary={a.label} secondary={st.allowed ? undefined : st.reason} slotProps={{ secondary: { sx: { whiteSpace: 'normal', maxWidth: 360 } } }} />
            </MenuItem>
          );
        })}
      </Menu>
      {dialog}
    </>
  );
}
