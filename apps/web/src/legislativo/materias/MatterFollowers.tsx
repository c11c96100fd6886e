/**
 * On a matter's record (generic ResourceFormPage, see resources/extraActions.tsx): how many citizens follow it by
 * e-mail from the portal (decision 0055). Only the number: the addresses are never sent to the back office (LGPD).
 */
import Chip from '@mui/material/Chip';
import Tooltip from '@mui/material/Tooltip';
import MarkEmailReadOutlinedIcon from '@mui/icons-material/MarkEmailReadOutlined';
import type { ExtraActionsProps } from '../../resources/extraActions';

export default function MatterFollowers({ record }: ExtraActionsProps) {
  const n = typeof record.acompanhantes === 'number' ? record.acompanhantes : null;
  if (n === null) return null;
  const label = n === 0 ? 'Ninguém acompanha por e-mail' : n === 1 ? '1 pessoa acompanha por e-mail' : `${n.toLocaleString('pt-BR')} pessoas acompanham por e-mail`;
  return (
    <Tooltip title="Cidadãos que confirmaram, no portal, que querem receber um e-mail a cada novo passo da tramitação. Os endereços não são mostrados.">
      <Chip icon={<MarkEmailReadOutlinedIcon />} label={label} variant="outlined" data-testid="acompanhantes" sx={{ flexShrink: 0 }} />
    </Tooltip>
  );
}
