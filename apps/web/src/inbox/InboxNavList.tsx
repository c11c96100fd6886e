/**
 * A module's menu with the count of "Minhas pendências" beside each entry. The menu sits outside the content's data
 * providers (Frame), so it brings its own (the same QueryClient: one cache, one request for the launcher and the menu).
 */
import { useMemo } from 'react';
import type { ComponentProps } from 'react';
import { DataProviders } from '../shell/DataProviders';
import { NavList } from '../shell/NavList';
import { countsByScreen, useInbox } from './useInbox';

function Counted(props: Omit<ComponentProps<typeof NavList>, 'counts'>) {
  const inbox = useInbox();
  const counts = useMemo(() => countsByScreen(inbox.data), [inbox.data]);
  return <NavList {...props} counts={counts} />;
}

export default function InboxNavList(props: Omit<ComponentProps<typeof NavList>, 'counts'>) {
  return (
    <DataProviders>
      <Counted {...props} />
    </DataProviders>
  );
}
