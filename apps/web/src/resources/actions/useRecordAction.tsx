/**
 * Running a declared record action from any screen: the dialog it needs (confirmation, form), the toast of its
 * result, and the refresh of every cached read of the resource's table (the record, its lists, sub-lists); an action
 * that produces a document opens it in a new tab instead.
 */
import { useState } from 'react';
import type { ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { ResourceDef } from '@paco/domain/resource';
import type { ActionState } from '@paco/domain/workflow';
import { actionUrl, type ApiRecord } from '../defs';
import { errorMessage, useNotify } from '../useNotify';
import ActionDialog from './ActionDialog';
import { openDocument } from './openDocument';

/** The states the server sent with the record (`_actions`): only actions the user may ever run are there. */
export const statesOf = (record: ApiRecord | null | undefined): Record<string, ActionState> =>
  ((record?._actions as Record<string, ActionState> | undefined) ?? {});

export function useRecordAction(def: ResourceDef) {
  const qc = useQueryClient();
  const notify = useNotify();
  const [open, setOpen] = useState<{ name: string; record: ApiRecord } | null>(null);
  /** the action whose document is being fetched */
  const [busy, setBusy] = useState<string | null>(null);

  // the record and its lists, and what the action changed around it (movements, other resources' screens)
  const refresh = () => Promise.all([qc.invalidateQueries({ queryKey: ['resource'] }), qc.invalidateQueries({ queryKey: ['inbox'] })]);

  const start = (name: string, record: ApiRecord) => {
    const state = statesOf(record)[name];
    if (state && !state.allowed) {
      notify.warning(state.reason ?? 'Esta ação não pode ser feita agora.');
      return;
    }
    const a = def.actions?.[name];
    if (a?.produces) {
      // a document (the process PDF): no dialog, a new tab; the button is busy meanwhile
      if (busy) return;
      setBusy(name);
      openDocument(actionUrl(def, a, record.id), a.label ?? def.label.one)
        .catch((e: unknown) => notify.error(`Não foi possível abrir o documento. ${errorMessage(e)}`))
        .finally(() => setBusy(null));
      return;
    }
    setOpen({ name, record });
  };

  const action = open ? def.actions?.[open.name] : undefined;
  const dialog: ReactNode = open && action ? (
    <ActionDialog
      def={def}
      name={open.name}
      action={action}
      record={open.record}
      state={statesOf(open.record)[open.name]}
      onClose={() => setOpen(null)}
      onDone={(answer) => {
        setOpen(null);
        // the server may say what was done ("Protocolada como IND 12/2026.")
        const said = (answer as { message?: unknown } | null)?.message;
        notify.success(typeof said === 'string' && said ? said : `${action.label}: feito.`);
        void refresh();
      }}
      onError={(e) => {
        setOpen(null);
        notify.error(e);
        void refresh();
      }}
    />
  ) : null;

  return { start, dialog, busy };
}
