/**
 * A norm's "Texto compilado" tab (docs/workflows/ciclo-legislativo.md): its status, the matter it came from, a marked
 * note for each norm that altered, revoked or suspended it (with links), its text as approved, and its relations both
 * ways. Read from `GET norms/:id/texto_compilado`; the same content is public at `GET public/norms/:id`.
 */
import { Link as RouterLink } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatDate } from '@paco/domain/format';
import { call, dataOf } from '../../api/actions';
import { norms } from '@paco/domain/resources/materias';
import { qk } from '../../resources/defs';
import { LoadState } from '../../resources/relations/LoadState';
import type { ExtraTabProps } from '../../resources/extraTabs';

interface RelatedNorm { id: number; identificacao: string | null; data: string; ementa: string; vigencia: string | null }
interface Line { id: number; tipo: string; rotulo: string; altera_texto: boolean; norma: RelatedNorm; obs: string | null }
interface Compiled {
  id: number; identificacao: string | null; ementa: string; data: string; situacao: string; vigencia: string;
  sancao: string | null; partes_vetadas: string | null; texto: string | null;
  materia: { id: number; identificacao: string | null } | null;
  notas: Line[];
  relacoes: { feitas: Line[]; recebidas: Line[] };
}

const NORMS = '/legislativo/norms';
const normLink = (n: RelatedNorm) => (
  <Link component={RouterLink} to={`${NORMS}/${n.id}`} underline="always">{n.identificacao ?? `Norma #${n.id}`}</Link>
);
const severity = (tipo: string) => (tipo === 'revoga' || tipo === 'suspende' ? 'error' : 'warning');

function Relations({ title, lines }: { title: string; lines: Line[] }) {
  if (!lines.length) return null;
  return (
    <Box component="section" aria-label={title} sx={{ mt: 3 }}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>{title}</Typography>
      <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
        {lines.map((l) => (
          <Typography component="li" key={l.id} variant="body2" sx={{ mt: 0.5 }}>
            {l.rotulo} {normLink(l.norma)} ({formatDate(l.norma.data)}){l.obs ? ` — ${l.obs}` : ''}
          </Typography>
        ))}
      </Box>
    </Box>
  );
}

export default function CompiledText({ record }: ExtraTabProps) {
  const query = useQuery({
    queryKey: [...qk.all('norms'), 'compilado', record.id],
    queryFn: async ({ signal }) => dataOf<Compiled>(await call(norms, 'texto_compilado', { params: { id: record.id }, signal })),
  });
  const c = query.data;
  return (
    <Box>
      <LoadState query={query} many="Texto compilado" />
      {c && (
        <>
          <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 2 }}>
            <Typography variant="h6" component="h2" sx={{ flexGrow: 1 }}>Texto compilado: {c.identificacao}</Typography>
            <Chip label={c.vigencia} color={c.situacao === 'revogada' ? 'error' : c.situacao === 'vigente' ? 'success' : 'warning'} variant="outlined" data-situacao={c.situacao} />
          </Stack>
          {c.materia && (
            <Typography variant="body2" sx={{ mb: 2 }}>
              Matéria de origem: <Link component={RouterLink} to={`/legislativo/matters/${c.materia.id}`} underline="always">{c.materia.identificacao}</Link>
            </Typography>
          )}
          {c.notas.length > 0 && (
            <Stack spacing={1} sx={{ mb: 2 }} aria-label="Notas de alteração e revogação" role="list">
              {c.notas.map((n) => (
                <Alert key={n.id} severity={severity(n.tipo)} role="listitem" data-nota={n.tipo}>
                  <AlertTitle sx={{ mb: 0 }}>{n.rotulo} {normLink(n.norma)}, de {formatDate(n.norma.data)}</AlertTitle>
                  {n.obs && <Typography variant="body2">{n.obs}</Typography>}
                </Alert>
              ))}
            </Stack>
          )}
          {c.partes_vetadas && (
            <Alert severity="info" sx={{ mb: 2 }}>
              <AlertTitle sx={{ mb: 0 }}>Partes vetadas</AlertTitle>
              {c.partes_vetadas}
            </Alert>
          )}
          <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>{c.ementa}</Typography>
            {c.texto ? (
              <Typography component="div" sx={{ whiteSpace: 'pre-wrap', lineHeight: 1.7 }} data-testid="texto-norma">{c.texto}</Typography>
            ) : (
              <Typography color="text.secondary">O texto desta norma não foi registrado (veja o texto integral, se anexado, na aba Dados).</Typography>
            )}
          </Paper>
          <Relations title="Esta norma" lines={c.relacoes.feitas} />
          <Relations title="Relações recebidas" lines={c.relacoes.recebidas} />
        </>
      )}
    </Box>
  );
}
