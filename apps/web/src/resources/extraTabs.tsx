/**
 * Extension point of the generic detail screen: per resource, hand-written tabs beside the declared ones, for what the
 * declarations cannot show (a norm's compiled text with the notes of the norms that changed it). Each is loaded
 * lazily, only when its tab is opened, so the generic screens' chunk carries none of them. The features register theirs
 * from the app layer (app/extensions.ts): this shared layer imports no feature.
 */
import { Suspense, lazy, type ComponentType, type LazyExoticComponent } from 'react';
import CircularProgress from '@mui/material/CircularProgress';
import type { ApiRecord } from './defs';

export interface ExtraTabProps {
  record: ApiRecord;
}

interface TabDef { id: string; label: string; component: LazyExoticComponent<ComponentType<ExtraTabProps>> }

const EXTRA_TABS: Record<string, TabDef[]> = {};

/** A tab of a resource's detail screen, its component loaded when the tab is first opened. */
export function registerExtraTab(resource: string, tab: { id: string; label: string; load: () => Promise<{ default: ComponentType<ExtraTabProps> }> }): void {
  const tabs = (EXTRA_TABS[resource] ??= []);
  if (!tabs.some((x) => x.id === tab.id)) tabs.push({ id: tab.id, label: tab.label, component: lazy(tab.load) });
}

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
