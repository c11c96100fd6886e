/**
 * Extra action of the plenary session's detail screen (generic ResourceFormPage, see resources/extraActions.tsx):
 * "Sala de controle" for the live operators.
 */
import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import SettingsRemoteIcon from '@mui/icons-material/SettingsRemote';
import { useSession } from '../../session/SessionProvider';
import type { ExtraActionsProps } from '../../resources/extraActions';
import { isOperator } from './shared';

export default function SessionExtraActions({ record }: ExtraActionsProps) {
  const { user } = useSession();
  if (!isOperator(user)) return null;
  return (
    <Button variant="outlined" startIcon={<SettingsRemoteIcon />} component={RouterLink} to={`/legislativo/newPainel/${record.id}`} sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}>
      Sala de controle
    </Button>
  );
}
