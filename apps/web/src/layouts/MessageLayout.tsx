/** The "message" layout: one card titled "Ops..." in the middle of the page. */
import { Outlet } from 'react-router';
import Box from '@mui/material/Box';
import { OfflineGate } from '../shell/OfflineScreen';
import { OpsCard } from '../shell/OpsCard';

export default function MessageLayout() {
  return (
    <OfflineGate>
      <Box component="main" id="conteudo" sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', p: 2, bgcolor: 'background.default' }}>
        <OpsCard>
          <Outlet />
        </OpsCard>
      </Box>
    </OfflineGate>
  );
}
