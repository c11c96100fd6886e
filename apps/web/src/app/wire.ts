import type { DataRouter } from 'react-router';
import { setUnauthorizedHandler } from '../api/client';
import { signOut } from '../session/store';
import { LOGIN_PATH, isPublicPath } from './guard';
import { setPrefetcher } from '../shell/prefetch';
import { prefetchRoute, setPrefetchRouter } from './prefetch';

/** Connects a router to the shell: any 401 signs out and goes to /auth/login (spec 1 §4, §8); prefetch. */
export function wireRouter(router: DataRouter): void {
  setUnauthorizedHandler(() => {
    signOut();
    const { pathname, search } = router.state.location;
    // public panels stay where they are
    if (!isPublicPath(pathname)) {
      void router.navigate(`${LOGIN_PATH}?next=${encodeURIComponent(pathname + search)}`, { replace: true });
    }
  });
  setPrefetchRouter(router);
  setPrefetcher(prefetchRoute);
}
