/** Page title "<page title or Painel> - Paço" (spec 1 §1). */
import { useEffect } from 'react';
import { PRODUCT_NAME } from '@paco/domain/constants';

export const formatTitle = (title?: string | null): string => `${title || 'Painel'} - ${PRODUCT_NAME}`;

let override: string | null = null;
let routeTitle: string | null = null;
const apply = (): void => {
  document.title = formatTitle(override ?? routeTitle);
};

/** Set by the root shell from the deepest route handle's title. */
export function setRouteTitle(title: string | null): void {
  routeTitle = title;
  apply();
}

/** A page's own title; wins over the route's while the page is mounted. */
export function usePageTitle(title?: string | null): void {
  useEffect(() => {
    if (!title) return;
    override = title;
    apply();
    return () => {
      if (override === title) override = null;
      apply();
    };
  }, [title]);
}
