/**
 * The generic list screen of a resource: server-side pagination, sorting, search and filters, all kept in the URL
 * (so going back to the list restores it), CSV export, delete/restore per row. Everything comes from the definition.
 *
 * The URL is the only state of the list; the grid shows it and never writes it on its own. Paging, page size and
 * sorting are the user's steps and push a history entry (the browser's Back returns to the previous page); typing a
 * search, the filters and "Mostrar excluídos" replace the current entry. The grid resets its page a tick after its
 * sort model changes, and clamps it to its row count: right for a grid that owns its state, wrong here, where Back
 * to `?page=3` with another sort, or to a page beyond the total of the answer still on screen, would become page 1.
 * So the pager's own handlers are given through `slotProps.basePagination`, with no `onPaginationModelChange`:
 * only a click or a key on the pager changes the page. (Issue 10 item 8: a sort model built anew on every render
 * was such a "change" on every render, and each one sent the list back to page 1.)
 */
import { useCallback, useEffect, useEffectEvent, useMemo, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { DataGrid, GridActionsCellItem } from '@mui/x-data-grid';
import type { GridColDef, GridSortModel } from '@mui/x-data-grid';
import { ptBR } from '@mui/x-data-grid/locales';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import InputAdornment from '@mui/material/InputAdornment';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import FileDownloadIcon from '@mui/icons-material/FileDownload';
import RestoreFromTrashIcon from '@mui/icons-material/RestoreFromTrash';
import SearchIcon from '@mui/icons-material/Search';
import { DEFAULT_PER_PAGE, MAX_PER_PAGE } from '@paco/domain/constants';
import { columnField, filterFields, listSortable, rangeFilterFields, tableOf } from '@paco/domain/resource';
import type { ResourceDef, ScreenView } from '@paco/domain/resource';
import { resources } from '@paco/domain/resources';
import { api } from '../api/client';
import type { ApiRecord, ListQuery } from './defs';
import { actionUrl, dependentQuery, dependentRefs, doneMessage, fetchAll, fetchPage, fetchRecord, getDef, qk, screenOf } from './defs';
import { allowsRule, can, canRunAction, limitedToOwnRows } from './access';
import { meets, recordActions } from '@paco/domain/workflow';
import { useRecordAction } from './actions/useRecordAction';
import { formatText, recordLabel } from './format';
import { FileThumb, ValueView } from './display';
import { DeadlineValue, deadlineFilters, deadlineLabel } from './deadline';
import { toCsv, downloadText } from './csv';
import ConfirmDialog from './ConfirmDialog';
import { DateRangeFilter, FilterControl } from './list/ListFilters';
import PrintButton from './list/PrintButton';
import { FilterPanel } from './list/FilterPanel';
import { fromLink, withRowLink } from './list/rowLink';
import { useDebounced } from './useDebounced';
import { useNotify } from './useNotify';
import { useSessionUser } from './useSessionUser';
import { useViewFilter } from './views';

const PAGE_SIZES = [DEFAULT_PER_PAGE, 25, 50, MAX_PER_PAGE];
/** CSV export: at most this many rows (all pages, at the server's page cap). */
export const EXPORT_CAP = 10_000;
const RESERVED = new Set(['page', 'perPage', 'sort', 'q', 'search', 'trashed', 'fields', 'inbox']);

const localeText = {
  ...ptBR.components.MuiDataGrid.defaultProps.localeText,
  noRowsLabel: 'Nenhum registro encontrado.',
  noResultsOverlayLabel: 'Nenhum registro encontrado.',
};

const slug = (s: string): string =>
  s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
const today = (): string => new Date().toLocaleDateString('sv-SE', { timeZone: 'America/Sao_Paulo' });

/** The sort arrow shown: on the first sort field, when it is a column the screen sorts by. */
function toSortModel(def: ResourceDef, sort: string): GridSortModel {
  const first = sort.split(',')[0]?.trim() ?? '';
  const field = first.replace(/^-/, '');
  return def.list.columns.includes(field) && listSortable(def).includes(field) ? [{ field, sort: first.startsWith('-') ? 'desc' : 'asc' }] : [];
}

/** Tables shared by several definitions (users and admin/users): a change invalidates all of them. */
const siblings = (def: ResourceDef): ResourceDef[] => resources.filter((r) => tableOf(r) === tableOf(def));

export default function ResourceListPage({ resource, screen: at, view }: { resource: string; screen?: string; view?: ScreenView }) {
  const def = getDef(resource);
  const screen = view?.path ?? at ?? screenOf(def);
  const title = view?.title ?? def.label.many;
  // a screen view's fixed filter: always sent, never shown as a removable control
  const fixed = useViewFilter(def, view);
  const fixedKeys = useMemo(() => new Set(Object.keys(view?.filter ?? {})), [view]);
  const navigate = useNavigate();
  const qc = useQueryClient();
  const notify = useNotify();
  const user = useSessionUser();
  const [params, setParams] = useSearchParams();

  /* ---------- state in the URL ---------- */
  const filterDefs = useMemo(
    // a list with a deadline filters by it too ("vencido", "vence em até 5 dias")
    () => [...filterFields(def).filter(([k, fl]) => !fl.hidden && !RESERVED.has(k) && !fixedKeys.has(k)), ...deadlineFilters(def)],
    [def, fixedKeys],
  );
  const deps = useMemo(() => dependentRefs(def), [def]);
  // the dates the list shows get a period filter (?campo_gte= / ?campo_lte=; the API takes any date or number field)
  const rangeDefs = useMemo(
    () => rangeFilterFields(def).filter(([k, fl]) => (fl.kind === 'date' || fl.kind === 'datetime') && def.list.columns.includes(k) && !fl.hidden && !fixedKeys.has(k)),
    [def, fixedKeys],
  );
  const fixedQuery: ListQuery = Object.fromEntries(Object.entries(fixed.values ?? {}).map(([k, v]) => [k, String(v)]));
  /** What an address asks of the list: the screen's state, and the API's query for it. */
  const stateOf = (at: URLSearchParams) => {
    const page = Math.max(1, Math.floor(Number(at.get('page'))) || 1);
    const perPageParam = Number(at.get('perPage'));
    const perPage = PAGE_SIZES.includes(perPageParam) ? perPageParam : DEFAULT_PER_PAGE;
    const sort = at.get('sort') || def.list.sort;
    const q = at.get('q') ?? '';
    const trashed = def.softDelete && at.get('trashed') === 'only' ? 'only' : undefined;
    const filters: Record<string, string> = {};
    for (const k of [...filterDefs.map(([key]) => key), ...rangeDefs.flatMap(([key]) => [`${key}_gte`, `${key}_lte`])]) {
      const v = at.get(k);
      if (v) filters[k] = v;
    }
    // "Minhas pendências": only the rows of one inbox entry (?inbox=key), until the user leaves it
    const inboxKey = at.get('inbox') ?? undefined;
    const inboxEntry = inboxKey ? def.inbox?.find((e) => e.key === inboxKey) : undefined;
    // rows carry what the list shows (`fields=list`: its columns, the references' labels, the display field), not the
    // whole record; the form reads the record itself
    const baseQuery: ListQuery = { sort, q: q || undefined, trashed, ...filters, ...fixedQuery, inbox: inboxEntry?.key, fields: 'list' };
    return { page, perPage, sort, q, trashed, filters, inboxEntry, baseQuery, query: { page, perPage, ...baseQuery } as ListQuery };
  };
  const { page, perPage, sort, q, trashed, filters, inboxEntry, baseQuery, query } = stateOf(params);

  /**
   * The address last written, until the screen renders it: the router hands an updater the parameters of the last
   * render, so two changes in a row (a date "de" then "até") would lose the first without it.
   */
  const written = useRef<URLSearchParams | null>(null);
  useEffect(() => { written.current = null; }, [params]);
  /**
   * Changes the URL: `patch` (null or '' removes a key), back to page 1 unless `keepPage`; a new history entry if
   * `push`. The page the new address shows is asked for at once, beside the router's render of it: the answer is
   * often there before that render ends, and the rows are drawn once (measured with `npm run bench:screen`).
   */
  const update = (patch: Record<string, string | null>, { keepPage = false, push = false } = {}) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(written.current ?? prev);
        for (const [k, v] of Object.entries(patch)) {
          if (v === null || v === '') next.delete(k);
          else next.set(k, v);
        }
        if (!keepPage) next.delete('page');
        written.current = next;
        prefetch(stateOf(next).query);
        return next;
      },
      { replace: !push },
    );
  /** page: 0-based, as the grid counts */
  const goToPage = (p: number) => update({ page: p > 0 ? String(p + 1) : null }, { keepPage: true, push: true });
  const changePageSize = (size: number) => update({ perPage: size === DEFAULT_PER_PAGE ? null : String(size) }, { push: true });
  // the grid compares its controlled models by identity: a new array every render would be a "new sort" every render
  const sortModel = useMemo(() => toSortModel(def, sort), [def, sort]);

  /* ---------- search (debounced into the URL) ---------- */
  const [search, setSearch] = useState(q);
  const debouncedSearch = useDebounced(search, 300);
  /** the q that the search box and the URL last agreed on */
  const agreedQ = useRef(q);
  // only when the typed text settles (with the address of that moment)
  const settleSearch = useEffectEvent((text: string) => {
    const typed = text.trim();
    if (typed !== q.trim()) {
      agreedQ.current = typed;
      update({ q: typed || null });
    }
  });
  useEffect(() => settleSearch(debouncedSearch), [debouncedSearch]);
  // the URL's q changed by other means (Back, a link): the box shows it
  useEffect(() => {
    if (q !== agreedQ.current) {
      agreedQ.current = q;
      setSearch(q);
    }
  }, [q]);

  /* ---------- data ---------- */
  const list = useQuery({
    queryKey: qk.list(def.name, query),
    queryFn: ({ signal }) => fetchPage(def, query, signal),
    placeholderData: keepPreviousData,
    enabled: !fixed.pending && !fixed.error,
  });
  /**
   * The page of another address, fetched ahead into the cache the list reads. The client's `staleTime` (30 s,
   * shell/queryClient.ts) keeps that answer fresh, so the render that follows reads it and does not ask again.
   */
  function prefetch(next: ListQuery) {
    if (fixed.pending || fixed.error) return;
    void qc.prefetchQuery({ queryKey: qk.list(def.name, next), queryFn: ({ signal }) => fetchPage(def, next, signal) });
  }
  const rows = list.data?.data ?? [];
  const total = list.data?.meta.total ?? 0;
  // while this page loads the previous answer stays on screen; if its total does not reach this page, the count is
  // "unknown" rather than a total the grid would cut this page back to
  const rowCount = list.isPlaceholderData && total <= (page - 1) * perPage ? -1 : total;

  // a page past the end (after deletions): go to the last one, checked when an answer arrives
  const pastTheEnd = useEffectEvent(() => {
    if (list.data && !list.isPlaceholderData && rows.length === 0 && total > 0 && page > 1) {
      update({ page: String(Math.ceil(total / perPage)) }, { keepPage: true });
    }
  });
  useEffect(() => pastTheEnd(), [list.data]);

  const invalidate = () => Promise.all(siblings(def).map((r) => qc.invalidateQueries({ queryKey: qk.all(r.name) })));

  /* ---------- permissions ---------- */
  const canCreate = can(def, 'create', user);
  const canDelete = can(def, 'delete', user);
  // a user limited to their own rows may not delete those the row scope keeps from them (a sent draft): no button
  // (a condition on the session's own ids — a draft they were only invited to sign — the server says in `_can`)
  const limited = limitedToOwnRows(def, user);
  const deleteLocked = useCallback(
    (row: ApiRecord) => limited && ((row._can as { delete?: boolean } | undefined)?.delete === false
      || (def.rows?.edit ?? []).some((c) => !c.mine && c.field in row && !meets(c, row))),
    [def, limited],
  );
  const restoreAction = def.actions?.restore;
  const canRestore = !!trashed && canRunAction(restoreAction, user, def);
  const forbidden = !!user && !can(def, 'read', user);

  /* ---------- delete / restore ---------- */
  const [toDelete, setToDelete] = useState<ApiRecord | null>(null);
  const remove = useMutation({
    mutationFn: (id: number) => api(`${def.path}/${id}`, { method: 'DELETE' }),
    onSuccess: async () => {
      setToDelete(null);
      notify.success(doneMessage(def, 'excluíd'));
      await invalidate();
    },
    onError: (e) => {
      setToDelete(null);
      notify.error(e); // 409: the server's message (still referenced, ...)
    },
  });
  const restore = useMutation({
    mutationFn: (id: number) => api(actionUrl(def, restoreAction!, id), { method: restoreAction!.method }),
    onSuccess: async () => {
      notify.success(doneMessage(def, 'restaurad'));
      await invalidate();
    },
    onError: (e) => notify.error(e),
  });
  const restoring = restore.isPending;
  const restoreRow = restore.mutate;

  /* ---------- CSV ---------- */
  const [exporting, setExporting] = useState(false);
  const exportCsv = async () => {
    setExporting(true);
    try {
      const { rows: all, total: count } = await fetchAll(def, baseQuery, EXPORT_CAP);
      const cols = def.list.columns;
      const header = cols.map((k) => columnField(def, k).label);
      const body = all.map((r) => cols.map((k) => (k === def.deadline?.field ? deadlineLabel(def, r) : formatText(columnField(def, k), k, r))));
      downloadText(`${slug(title)}-${today()}.csv`, toCsv(header, body));
      if (count > all.length) notify.warning(`Foram exportados os primeiros ${all.length} de ${count} registros.`);
    } catch (e) {
      notify.error(e);
    } finally {
      setExporting(false);
    }
  };

  /* ---------- row actions: the record actions the user's roles may run, each after reading the row's state ---------- */
  const rowActions = useMemo(() => recordActions(def).filter(([, a]) => allowsRule(a.access, user, def.permission)), [def, user]);
  const { start: startAction, dialog: actionDialog } = useRecordAction(def);
  const runOnRow = useRef<(name: string, id: number) => void>(() => undefined);
  runOnRow.current = (name, id) => {
    // a document opens at once (its tab must open on the click); the server says if it may not be read
    if (def.actions?.[name]?.produces) return startAction(name, { id });
    qc.fetchQuery({ queryKey: qk.detail(def.name, id), queryFn: ({ signal }) => fetchRecord(def, id, signal), staleTime: 0 })
      .then((rec) => startAction(name, rec))
      .catch((e: unknown) => notify.error(e));
  };

  /* ---------- columns ---------- */
  const open = (id: number | string) => navigate(`${screen}/${id}`);
  const sortableColumns = useMemo(() => new Set(listSortable(def)), [def]);
  const columns = useMemo<GridColDef<ApiRecord>[]>(() => {
    const cols: GridColDef<ApiRecord>[] = def.list.columns.map((key) => {
      const fl = columnField(def, key);
      const base: GridColDef<ApiRecord> = {
        field: key,
        headerName: fl.label,
        flex: 1,
        minWidth: 120,
        // only the columns the definition sorts by (each has an index): no arrow on the others
        sortable: sortableColumns.has(key),
        valueGetter: (_v, row) => formatText(fl, key, row),
      };
      // the record's deadline: its date and "em atraso" (or "vence em N dias")
      if (key === def.deadline?.field) {
        // the note goes under the date when both do not fit (a chip "Em atraso há 186 dias" is wider than the date)
        return { ...base, flex: 0, width: 180, valueGetter: (_v, row) => deadlineLabel(def, row), renderCell: ({ row }) => (
          <Box sx={{ display: 'flex', alignItems: 'center', height: '100%', lineHeight: 1.25, '& > span': { rowGap: 0.25 } }}><DeadlineValue def={def} row={row} /></Box>
        ) };
      }
      switch (fl.kind) {
        case 'file':
          return {
            ...base, flex: 0, width: 72, minWidth: 72, sortable: false, valueGetter: undefined,
            renderCell: ({ row }) => (
              <Box sx={{ display: 'flex', alignItems: 'center', height: '100%' }}>
                <FileThumb value={row[key]} label={fl.label} />
              </Box>
            ),
          };
        case 'int':
        case 'decimal':
        case 'money':
          return { ...base, align: 'right', headerAlign: 'right' };
        case 'bool':
          return { ...base, flex: 0, width: 110, minWidth: 90 };
        case 'multi':
          // values of a types category: by their labels (the category read once)
          return { ...base, sortable: false, renderCell: ({ row }) => <ValueView field={fl} name={key} row={row} /> };
        case 'date':
        case 'time':
          return { ...base, flex: 0, width: 110 };
        // a long text (an ementa) is what people read in the row: the room left goes to it first
        case 'longtext':
          return { ...base, flex: 2, minWidth: 160 };
        // a sortable header also holds its arrow and menu button when sorted or focused
        default:
          return { ...base, minWidth: base.sortable ? 130 : 110 };
      }
    });
    if (canDelete || canRestore || rowActions.length) {
      cols.push({
        field: 'actions',
        type: 'actions',
        headerName: 'Ações',
        width: rowActions.length ? 100 : 80,
        getActions: ({ row }) => [
          ...(!trashed ? rowActions.map(([name, a]) => (
            <GridActionsCellItem key={name} label={a.label!} showInMenu onClick={() => runOnRow.current(name, row.id)} />
          )) : []),
          ...((canDelete || canRestore) ? (trashed
            ? canRestore
              ? [
                <GridActionsCellItem
                  key="restore"
                  icon={<RestoreFromTrashIcon />}
                  label="Restaurar"
                  title="Restaurar"
                  disabled={restoring}
                  onClick={(e) => {
                    e.stopPropagation();
                    restoreRow(row.id);
                  }}
                />,
              ]
              : []
            : deleteLocked(row) ? [] : [
              <GridActionsCellItem
                key="delete"
                icon={<DeleteIcon />}
                label="Excluir"
                title="Excluir"
                onClick={(e) => {
                  e.stopPropagation();
                  setToDelete(row);
                }}
              />,
            ]) : []),
        ],
      });
    }
    // a link per row to the record (not for deleted ones, which do not open)
    return withRowLink(cols, (id) => `${screen}/${id}`, !trashed);
  }, [def, screen, sortableColumns, canDelete, canRestore, trashed, restoring, restoreRow, rowActions, deleteLocked]);

  if (forbidden) {
    return (
      <Box>
        <Typography variant="h5" component="h1" gutterBottom>
          {title}
        </Typography>
        <Alert severity="warning">Você não tem permissão para acessar esta página.</Alert>
      </Box>
    );
  }

  return (
    <Box>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 2, flexWrap: 'wrap', rowGap: 1 }}>
        <Typography variant="h5" component="h1" sx={{ flexGrow: 1 }}>
          {title}
        </Typography>
        <PrintButton def={def} query={{ q: q || undefined, ...filters, ...fixedQuery }} />
        <Button startIcon={<FileDownloadIcon />} onClick={exportCsv} disabled={exporting || total === 0} loading={exporting}>
          Exportar CSV
        </Button>
        {canCreate && (
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => navigate(`${screen}/new`)}>
            Novo
          </Button>
        )}
      </Stack>

      {inboxEntry && (
        <Alert severity="info" sx={{ mb: 2 }} action={<Button color="inherit" size="small" onClick={() => update({ inbox: null })}>Ver todos</Button>}>
          Minhas pendências: {inboxEntry.label}
        </Alert>
      )}

      <FilterPanel
        hasFilters={filterDefs.length + rangeDefs.length > 0 || (!!def.softDelete && canDelete)}
        active={Object.keys(filters).length + (trashed ? 1 : 0)}
        onClear={() => update({ ...Object.fromEntries(Object.keys(filters).map((k) => [k, null])), trashed: null })}
        search={def.list.search.length > 0 && (
          <TextField
            size="small"
            type="search"
            label="Buscar"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            sx={{ flex: '2 1 240px', maxWidth: 420 }}
            slotProps={{
              input: { startAdornment: <InputAdornment position="start"><SearchIcon fontSize="small" /></InputAdornment> },
              htmlInput: { 'aria-label': `Buscar ${title.toLowerCase()}`, maxLength: 200 },
            }}
          />
        )}
      >
        {filterDefs.map(([k, fl]) => (
          <FilterControl
            key={k}
            name={k}
            field={fl}
            value={filters[k] ?? ''}
            onChange={(v) => update({ [k]: v })}
            extraQuery={dependentQuery(deps[k], (source) => filters[source])}
            owner={def}
          />
        ))}
        {rangeDefs.map(([k, fl]) => (
          <DateRangeFilter key={k} name={k} field={fl} from={filters[`${k}_gte`] ?? ''} to={filters[`${k}_lte`] ?? ''} onChange={(patch) => update(patch)} />
        ))}
        {def.softDelete && canDelete && (
          <FormControlLabel
            control={<Switch checked={trashed === 'only'} onChange={(e) => update({ trashed: e.target.checked ? 'only' : null })} />}
            label="Mostrar excluídos"
          />
        )}
      </FilterPanel>

      {fixed.error && (
        <Alert severity="error" sx={{ mb: 2 }}>
          Não foi possível aplicar o filtro desta tela. {fixed.error}
        </Alert>
      )}

      {list.isError && (
        <Alert
          severity="error"
          sx={{ mb: 2 }}
          action={
            <Button color="inherit" size="small" onClick={() => list.refetch()}>
              Tentar novamente
            </Button>
          }
        >
          Não foi possível carregar os registros. {list.error instanceof Error ? list.error.message : ''}
        </Alert>
      )}

      <Paper variant="outlined" sx={{ display: 'flex', flexDirection: 'column' }}>
        <DataGrid<ApiRecord>
          aria-label={title}
          rows={rows}
          columns={columns}
          rowCount={rowCount}
          loading={list.isFetching || fixed.pending}
          paginationMode="server"
          sortingMode="server"
          filterMode="server"
          // controlled, and changed only by the pager's handlers below (see the top of this file)
          paginationModel={{ page: page - 1, pageSize: perPage }}
          pageSizeOptions={PAGE_SIZES}
          sortModel={sortModel}
          onSortModelChange={(m) => update({ sort: m[0] ? `${m[0].sort === 'desc' ? '-' : ''}${m[0].field}` : null }, { push: true })}
          disableColumnFilter
          disableRowSelectionOnClick
          // at most 100 rows a page: render them all (screen readers and find-in-page see every row)
          disableVirtualization
          localeText={localeText}
          slotProps={{
            loadingOverlay: { variant: 'linear-progress', noRowsVariant: 'skeleton' },
            basePagination: { onPageChange: (_e, p) => goToPage(p), onRowsPerPageChange: changePageSize },
          }}
          onRowClick={trashed ? undefined : (p, e) => !fromLink(e) && open(p.id)}
          onCellKeyDown={(p, e) => {
            if (!trashed && e.key === 'Enter' && p.field !== 'actions' && !fromLink(e)) void open(p.id);
          }}
          sx={{
            border: 0,
            '& .MuiDataGrid-row': { cursor: trashed ? 'default' : 'pointer' },
            // a cell or header reached with the arrow keys: the theme's focus ring (the grid's own is a faint 1px line)
            '& .MuiDataGrid-cell:focus, & .MuiDataGrid-columnHeader:focus': { outline: (t) => `2px solid ${t.palette.primary.dark}`, outlineOffset: -2 },
          }}
        />
      </Paper>

      {actionDialog}
      <ConfirmDialog
        open={!!toDelete}
        title="Excluir este registro?"
        message={toDelete ? `${def.label.one}: ${recordLabel(def, toDelete)}` : undefined}
        confirmLabel="Excluir"
        destructive
        busy={remove.isPending}
        onConfirm={() => toDelete && remove.mutate(toDelete.id)}
        onClose={() => setToDelete(null)}
      />
    </Box>
  );
}
