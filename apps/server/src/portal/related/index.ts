/**
 * The related groups of a detail page, by the section's `related` kind (packages/domain/src/portal.ts). One loader
 * per kind, each in its own file; a kind declared in the domain without a loader here fails the typecheck.
 */
import type { PortalRelated, PortalSection } from '@paco/domain/portal';
import type { Row, Services } from '../../engine/context.ts';
import { comissaoRelated } from './comissao.ts';
import { editalRelated } from './edital.ts';
import { eventPhotosRelated } from './event-photos.ts';
import { licitacaoRelated } from './licitacao.ts';
import { materiaRelated } from './materia.ts';
import { normaRelated } from './norma.ts';
import { parlamentarRelated } from './parlamentar.ts';
import { secretariaRelated } from './secretaria.ts';
import { sessaoRelated } from './sessao.ts';
import type { Related, RelatedLoader } from './types.ts';

const LOADERS: Record<PortalRelated, RelatedLoader> = {
  event_photos: eventPhotosRelated,
  secretaria: secretariaRelated,
  licitacao: licitacaoRelated,
  parlamentar: parlamentarRelated,
  materia: materiaRelated,
  norma: normaRelated,
  comissao: comissaoRelated,
  sessao: sessaoRelated,
  edital: editalRelated,
};

export async function relatedOf(sv: Services, s: PortalSection, rec: Row, companyId: number, base: string): Promise<Related> {
  return s.related ? LOADERS[s.related](sv, rec, companyId, base) : [];
}

export { liderancas } from './bancadas.ts';
export { mesaDiretora } from './mesa.ts';
