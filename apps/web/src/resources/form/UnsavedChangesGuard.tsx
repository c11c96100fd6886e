import { useContext, useEffect } from 'react';
import type { RefObject } from 'react';
import { UNSAFE_DataRouterContext, useBlocker } from 'react-router';
import ConfirmDialog from '../ConfirmDialog';

interface Props {
  when: boolean;
  /** set to true right before a navigation that must not be blocked (after saving) */
  allowRef: RefObject<boolean>;
}

function RouteBlocker({ when, allowRef }: Props) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => when && !allowRef.current && currentLocation.pathname !== nextLocation.pathname,
  );
  return (
    <ConfirmDialog
      open={blocker.state === 'blocked'}
      title="Sair sem salvar?"
      message="Há alterações não salvas neste formulário. Se sair agora, elas serão perdidas."
      confirmLabel="Sair sem salvar"
      cancelLabel="Continuar editando"
      destructive
      onConfirm={() => blocker.proceed?.()}
      onClose={() => blocker.reset?.()}
    />
  );
}

/** Warns before leaving a form with unsaved changes: in-app navigation (data routers) and closing/reloading the tab. */
export default function UnsavedChangesGuard(props: Props) {
  const { when } = props;
  useEffect(() => {
    if (!when) return;
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      e.returnValue = ''; // older browsers
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [when]);
  // useBlocker only works under a data router (createBrowserRouter); elsewhere only the tab warning applies
  const dataRouter = useContext(UNSAFE_DataRouterContext);
  return dataRouter ? <RouteBlocker {...props} /> : null;
}
