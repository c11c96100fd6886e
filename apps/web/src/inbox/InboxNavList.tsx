/**
 * A module's menu with the count of "Minhas pendências" beside each entry. The menu sits outside the content's data
 * providers (Frame), so it brings its own (the same QueryClient: one cache, one request for the launcher and the menu).
 */
import { useMemo } from 'react';
import type { ComponentProps } from 'react';
import { DataProviders } from '../shell/DataProviders';
import { NavEntries } from '../shell/NavList';
import { countsByScreen, useInbox } from './useInbox';

type Props = Omit<ComponentProps<typeof NavEntries>, 'counts'>;

function Counted(props: Props) {
  const inbox = useInbox();
  const counts = useMemo(() => countsByScreen(inbox.data), [inbox.data]);
  return <NavEntries {...props} counts={counts} />;
}

/** `pathname`: the layout's path, so that the menu is rendered again only when it changes (NavEntries). */
export default function InboxNavList(props: Props) {
  return (
    <DataProviders>
      <Counted {...props} />
    </DataProviders>
  );
}
