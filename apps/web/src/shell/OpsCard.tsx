import type { ReactNode } from 'react';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';

/** The "message" card (spec 1 §2 layouts: card titled "Ops..."). */
export function OpsCard({ children }: { children: ReactNode }) {
  return (
    <Card sx={{ maxWidth: 560, width: '100%', mx: 'auto' }}>
      <CardHeader title="Ops..." slotProps={{ title: { component: 'h1', variant: 'h5' } }} />
      <CardContent>{children}</CardContent>
    </Card>
  );
}
