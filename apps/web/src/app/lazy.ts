import type { ComponentType } from 'react';

/** Route `lazy` for a module whose default export is the route's component. */
export const lazyPage =
  (load: () => Promise<{ default: ComponentType }>) =>
    async (): Promise<{ Component: ComponentType }> => ({ Component: (await load()).default });
