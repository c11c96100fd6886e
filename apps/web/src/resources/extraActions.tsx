/**
 * Extension point of the generic detail screen: per resource, a hand-written component with extra actions shown in
 * the header next to the title (e.g. the plenary session's "Sala de controle"). Each one is loaded lazily, only
 * when a record of that resource is shown, so the generic screens' chunk carries none of them. The features register
 * theirs from the app layer (app/extensions.ts): this shared layer imports no feature.
 */
import { Suspense, lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { ApiRecord } from './defs';

export interface ExtraActionsProps {
  record: ApiRecord;
}

const EXTRA_ACTIONS: Record<string, LazyExoticComponent<ComponentType<ExtraActionsProps>>> = {};

/** A resource's extra actions, loaded when first shown (`load` is a dynamic import of the component's module). */
export function registerExtraActions(resource: string, load: () => Promise<{ default: ComponentType<ExtraActionsProps> }>): void {
  EXTRA_ACTIONS[resource] = lazy(load);
}

export function ExtraActions({ resource, record }: { resource: string; record: ApiRecord | null }) {
  const Actions = EXTRA_ACTIONS[resource];
  if (!Actions || !record) return null;
  return (
    <Suspense fallback={null}>
      <Actions record={record} />
    </Suspense>
  );
}
