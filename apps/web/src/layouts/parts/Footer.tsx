import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { BUILD_LABEL } from '@paco/domain/constants';
import { useSession } from '../../session/SessionProvider';

/** Footer: year, "BUILD 2.0" and the user's company (spec 1 §2). */
export function Footer() {
  const { user } = useSession();
  return (
    <Box component="footer" sx={{ px: 3, py: 1.5, borderTop: 1, borderColor: 'divider', bgcolor: 'background.paper' }}>
      <Typography variant="caption" color="text.secondary" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5 }}>
        <span>© {new Date().getFullYear()}</span>
        <span>BUILD {BUILD_LABEL}</span>
        {user?.company?.name && <span>{user.company.name}</span>}
      </Typography>
    </Box>
  );
}
