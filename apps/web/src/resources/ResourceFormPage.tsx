/**
 * The generic detail screen of a resource: `:id` = 'new' creates, otherwise edits (or shows, for users who may read but
 * not update). Linking panels (role ↔ permissions, user ↔ roles) appear as tabs, derived from the definition's actions.
 */
import { useMemo, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import DeleteIcon from '@mui/icons-material/Delete';
import { formatDateTime } from '@paco/domain/format';
import { ruleFor, tableOf } from '@paco/domain/resource';
import { resources } from '@paco/domain/resources';
import { api, ApiError } from '../api/client';
import type { ApiRecord } from './defs';
import { agree, doneMessage, fetchRecord, getDef, newTitle, qk, screenOf } from './defs';
import { allowsRule, can, limitedToOwnRows } from './access';
import { recordLabel } from './format';
import ConfirmDialog from './ConfirmDialog';
import { ExtraActions } from './extraActions';
import { ExtraTab, extraTabsOf } from './extraTabs';
import RecordActions from './actions/RecordActions';
import RecordSummary, { summaryKeys } from './RecordSummary';
import RecordForm from './form/RecordForm';
import ReadOnlyView from './form/ReadOnlyView';
import LinkPanel from './links/LinkPanel';
import { linkSpecs } from './links/linkSpecs';
import ChildPanel from './relations/ChildPanel';
import HistoryPanel, { hasHistory } from './history/HistoryPanel';
import RelationLinkPanel from './relations/RelationLinkPanel';
import { relationSpecs } from './relations/specs';
import type { ScreenView } from '@paco/domain/resource';
import { useViewFilter } from './views';
import { useNotify } from './useNotify';
import { useSessionUser } from './useSessionUser';
import { usePageTitle } from '../shell/pageTitle';

export default function ResourceFormPage({ resource, screen: at, view }: { resource: string; screen?: string; view?: ScreenView }) {
  const def = getDef(resource);
  const screen = view?.path ?? at ?? screenOf(def);
  const fixed = useViewFilter(def, view);
  const { id = 'new' } = useParams();
  const isNew = id === 'new';
  const navigate = useNavigate();
  const qc = useQueryClient();
  const notify = useNotify();
  const allowNav = useRef(false);
  const [tab, setTab] = useState('dados');
  const [confirmDelete, setConfirmDelete] = useState(false);
  const user = useSessionUser();
  const specs = useMemo(() => (isNew ? [] : linkSpecs(def)), [def, isNew]);
  const relations = useMemo(
    // the server's rule for the sub-list's list call (a child's: spec.readRule; a link's: the parent's readers)
    () => (isNew ? [] : relationSpecs(def).filter((s) => allowsRule(s.kind === 'child' ? s.readRule : ruleFor(def, 'read'), user, def.permission))),
    [def, isNew, user],
  );
  // the record's audit trail, for who may update it (issue 11 §3)
  const history = !isNew && hasHistory(def, user);
  const tabs = [
    ...specs.map((s) => ({ id: s.id, label: s.target.label.many })),
    ...relations.map((s) => ({ id: s.id, label: s.kind === 'child' ? (s.rel.label ?? s.child.label.many) : s.target.label.many })),
    ...(isNew ? [] : extraTabsOf(def.name)),
    ...(history ? [{ id: 'historico', label: 'Histórico' }] : []),
  ];

  const validId = isNew || /^\d+$/.test(id);
  const query = useQuery({
    queryKey: qk.detail(def.name, id),
    queryFn: ({ signal }) => fetchRecord(def, id, signal),
    enabled: !isNew && validId,
    retry: (n, e) => !(e instanceof ApiError && e.status >= 400 && e.status < 500) && n < 2,
  });
  const record = query.data ?? null;

  const remove = useMutation({
    mutationFn: () => api(`${def.path}/${id}`, { method: 'DELETE' }),
    onSuccess: async () => {
      setConfirmDelete(false);
      notify.success(doneMessage(def, 'excluíd'));
      await Promise.all(resources.filter((r) => tableOf(r) === tableOf(def)).map((r) => qc.invalidateQueries({ queryKey: qk.all(r.name) })));
      allowNav.current = true;
      void navigate(screen);
    },
    onError: (e) => {
      setConfirmDelete(false);
      notify.error(e);
    },
  });

  const canCreate = can(def, 'create', user);
  // a session limited to its rows may not change this one any more (a sent draft): the server says so and why
  const locked = (record?._can as { update: boolean; reason?: string } | undefined)?.update === false ? (record?._can as { reason?: string }).reason : undefined;
  const canUpdate = can(def, 'update', user) && !locked;
  const canDelete = can(def, 'delete', user) && !locked;
  const readOnly = !isNew && !canUpdate;
  // a user limited to their own rows does not choose the owner: the server sets it from the session
  const ownField = def.rows?.own && limitedToOwnRows(def, user) ? def.rows.own.field : null;
  // the record's state, set by the server and its actions: shown above the form (RecordSummary), not edited there
  // (a writable field of the summary — a matter's "Em tramitação", which its steps keep — is given only on create)
  const stateKeys = useMemo(() => summaryKeys(def), [def]);
  const omit = useMemo(() => {
    const keys = [...(ownField ? [ownField] : []), ...(isNew ? [] : (def.summary ?? []).filter((k) => !def.fields[k]?.readOnly))];
    return keys.length ? keys : undefined;
  }, [ownField, isNew, def]);

  const title = isNew ? (view?.title && view.title !== def.label.many ? `${newTitle(def)}: ${view.title}` : newTitle(def)) : record ? `${def.label.one}: ${recordLabel(def, record)}` : def.label.one;
  usePageTitle(title);

  let body: ReactNode;
  if (!validId || (query.error instanceof ApiError && query.error.status === 404)) {
    body = <Alert severity="warning">Registro não encontrado.</Alert>;
  } else if (isNew && user && !canCreate) {
    body = <Alert severity="warning">Você não tem permissão para criar {def.label.gender === 'f' ? 'uma' : 'um'} {def.label.one.toLowerCase()}.</Alert>;
  } else if (query.isError) {
    body = (
      <Alert severity="error" action={<Button color="inherit" size="small" onClick={() => query.refetch()}>Tentar novamente</Button>}>
        Não foi possível carregar o registro. {query.error instanceof Error ? query.error.message : ''}
      </Alert>
    );
  } else if ((!isNew && !record) || (isNew && fixed.pending)) {
    body = (
      <Box sx={{ display: 'flex', justifyContent: 'center', p: 6 }}>
        <CircularProgress aria-label="Carregando" />
      </Box>
    );
  } else if (readOnly) {
    body = (
      <>
        <ReadOnlyView def={def} record={record!} omit={stateKeys} />
        {canDelete && (
          <Stack direction="row" sx={{ mt: 3, justifyContent: 'flex-end' }}>
            <Button color="error" startIcon={<DeleteIcon />} onClick={() => setConfirmDelete(true)}>
              Excluir
            </Button>
          </Stack>
        )}
      </>
    );
  } else {
    body = (
      <>
        {isNew && fixed.error && <Alert severity="warning" sx={{ mb: 2 }}>{fixed.error}</Alert>}
        <RecordForm
          key={isNew ? 'new' : id}
          def={def}
          mode={isNew ? 'create' : 'edit'}
          record={record}
          canDelete={canDelete}
          onDelete={() => setConfirmDelete(true)}
          allowNav={allowNav}
          screen={screen}
          preset={fixed.values}
          omit={omit}
        />
      </>
    );
  }

  const showTabs = tabs.length > 0 && !!record;

  return (
    <Box>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 2 }}>
        <Tooltip title="Voltar">
          <IconButton aria-label="Voltar" onClick={() => navigate(screen)}>
            <ArrowBackIcon />
          </IconButton>
        </Tooltip>
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="h5" component="h1" noWrap>
            {title}
          </Typography>
          {record && (record.created_at || record.updated_at) ? (
            <Typography variant="caption" color="text.secondary">
              {record.created_at ? `${agree(def, 'Criad')} em ${formatDateTime(String(record.created_at))}` : ''}
              {record.created_at && record.updated_at ? ' · ' : ''}
              {record.updated_at ? `${agree(def, 'Atualizad')} em ${formatDateTime(String(record.updated_at))}` : ''}
            </Typography>
          ) : null}
        </Box>
        <Box sx={{ flexGrow: 1 }} />
        {!isNew && <ExtraActions resource={def.name} record={record} />}
      </Stack>

      {showTabs && (
        // a record with many sub-lists (a parliamentarian's) has more tabs than the width: they scroll, with arrows
        <Tabs value={tab} onChange={(_e, v: string) => setTab(v)} variant="scrollable" scrollButtons="auto" allowScrollButtonsMobile
          sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }} aria-label="Seções">
          <Tab value="dados" label="Dados" id="tab-dados" aria-controls="tabpanel-dados" />
          {tabs.map((s) => (
            <Tab key={s.id} value={s.id} label={s.label} id={`tab-${s.id}`} aria-controls={`tabpanel-${s.id}`} />
          ))}
        </Tabs>
      )}

      {!isNew && record && <RecordActions def={def} record={record} />}
      {!isNew && record && <RecordSummary def={def} record={record} />}
      {locked && <Alert severity="info" sx={{ mb: 2 }}>{locked}</Alert>}

      <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
        <Box role={showTabs ? 'tabpanel' : undefined} id="tabpanel-dados" aria-labelledby={showTabs ? 'tab-dados' : undefined} hidden={showTabs && tab !== 'dados'}>
          {body}
        </Box>
        {showTabs &&
          specs.map((s) =>
            tab === s.id ? (
              <Box key={s.id} role="tabpanel" id={`tabpanel-${s.id}`} aria-labelledby={`tab-${s.id}`}>
                <LinkPanel def={def} spec={s} record={record as ApiRecord} />
              </Box>
            ) : null,
          )}
        {showTabs &&
          relations.map((s) =>
            tab === s.id ? (
              <Box key={s.id} role="tabpanel" id={`tabpanel-${s.id}`} aria-labelledby={`tab-${s.id}`}>
                {s.kind === 'child' ? (
                  <ChildPanel def={def} spec={s} record={record as ApiRecord} />
                ) : (
                  <RelationLinkPanel def={def} spec={s} record={record as ApiRecord} />
                )}
              </Box>
            ) : null,
          )}
        {showTabs && record &&
          extraTabsOf(def.name).map((s) =>
            tab === s.id ? (
              <Box key={s.id} role="tabpanel" id={`tabpanel-${s.id}`} aria-labelledby={`tab-${s.id}`}>
                <ExtraTab resource={def.name} id={s.id} record={record} />
              </Box>
            ) : null,
          )}
        {showTabs && history && tab === 'historico' && (
          <Box role="tabpanel" id="tabpanel-historico" aria-labelledby="tab-historico">
            <HistoryPanel def={def} id={Number(record!.id)} />
          </Box>
        )}
      </Paper>

      <ConfirmDialog
        open={confirmDelete}
        title="Excluir este registro?"
        message={record ? `${def.label.one}: ${recordLabel(def, record)}` : undefined}
        confirmLabel="Excluir"
        destructive
        busy={remove.isPending}
        onConfirm={() => remove.mutate()}
        onClose={() => setConfirmDelete(false)}
      />
    </Box>
  );
}
