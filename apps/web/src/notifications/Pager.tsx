/** A pager in pt-BR under a short list (notifications, a record's history). */
import TablePagination from '@mui/material/TablePagination';

const ITEM: Record<string, string> = { first: 'Primeira página', last: 'Última página', next: 'Próxima página', previous: 'Página anterior' };

export function Pager({ page, perPage, total, onPage, onPerPage, options = [10, 15, 25, 50] }: {
  /** 1-based */
  page: number;
  perPage: number;
  total: number;
  onPage: (page: number) => void;
  onPerPage?: (perPage: number) => void;
  options?: number[];
}) {
  return (
    <TablePagination
      component="div"
      count={total}
      page={Math.max(0, page - 1)}
      rowsPerPage={perPage}
      rowsPerPageOptions={onPerPage ? options : []}
      onPageChange={(_e, p) => onPage(p + 1)}
      onRowsPerPageChange={(e) => onPerPage?.(Number(e.target.value))}
      labelRowsPerPage="Por página:"
      labelDisplayedRows={({ from, to, count }) => `${from}–${to} de ${count}`}
      getItemAriaLabel={(type) => ITEM[type] ?? type}
      showFirstButton={total > perPage * 3}
      showLastButton={total > perPage * 3}
    />
  );
}
