/**
 * Extension point of the generic detail screen: per resource, hand-written tabs beside the declared ones, for what the
 * declarations cannot show (a norm's compiled text with the notes of the norms that changed it). Each is loaded
 * lazily, only when its tab is opened, so the generic screens' chunk carries none of them.
 */
import { Suspense, lazy, type ComponentType, type LazyExoticComponent } from 'react';
import CircularProgress from '@mui/material/CircularProgress';
import type { ApiRecord } from './defs';

export interface ExtraTabProps {
  record: ApiRecord;
}

interface TabDef { id: string; label: string; component: LazyExoticComponent<ComponentType<ExtraTabProps>> }

const EXTRA_TABS: Record<string, readonly TabDef[]> = {
  norms: [{ id: 'texto-compilado', label: 'Texto compilado', component: lazy(() => import('../legislativo/normas/CompiledText')) }],
};

export const extraTabsOf = (resource: string): { id: string; label: string }[] => (EXTRA_TABS[resource] ?? []).map(({ id, label }) => ({ id, label }));

export function ExtraTab({ resource, id, record }: { resource: string; id: string; record: ApiRecord }) {
  const tab = EXTRA_TABS[resource]?.find((x) => x.id === id);
  if (!tab) return null;
  const Tab = tab.component;
  return (
    <Suspense fallback={<CircularProgress aria-label="Carregando" />}>
      <Tab record={record} />
    </Suspense>
  );
}
