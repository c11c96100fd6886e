/**
 * A funding call's public record (decision 0053, docs/workflows/editais-de-fomento.md): while applications are open,
 * how a citizen applies (an account in Paço, the culture registration, "Inscrever-se" on the call); once a result is
 * published (the preliminary one, with its appeal period, then the final one), the ranking with the columns everyone may see (`RESULTADO_PUBLICO`: never the competition nor the place,
 * which come from a racial self-declaration, sensitive data under the LGPD). Before the result, no applicant at all.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { formatDate } from '@paco/domain/format';
import { RESULTADO_PUBLICO, RESULTADOS } from '@paco/domain/fomento';
import { resourceByName } from '@paco/domain/resources';
import { todayInSaoPaulo } from '../../auth/session.ts';
import { companies, cultureApplications } from '../../db/schema.generated.ts';
import { display } from '../sections.ts';
import type { Row, Services } from '../../engine/context.ts';
import type { Related, RelatedLoader } from './types.ts';

type Column = (typeof RESULTADO_PUBLICO)[number];

const applications = resourceByName.get('culture_applications')!;
const calls = resourceByName.get('culture_calls')!;

export const editalRelated: RelatedLoader = async (sv, rec, companyId) => {
  const id = rec.id as number;
  if (rec.situacao === 'inscricoes_abertas') return howToApply(sv, rec, companyId);
  const preliminary = rec.situacao === 'resultado_preliminar';
  if (!preliminary && rec.situacao !== 'resultado_publicado') {
    return [{ title: 'Resultado', note: 'As inscrições foram encerradas e estão em avaliação. O resultado será publicado nesta página.', items: [] }];
  }
  // only the public columns leave the database
  const columns = Object.fromEntries(RESULTADO_PUBLICO.map((k) => [k, cultureApplications[k]])) as { [K in Column]: (typeof cultureApplications)[K] };
  const rows: Row[] = await sv.db.select(columns).from(cultureApplications)
    .where(and(eq(cultureApplications.call_id, id), eq(cultureApplications.company_id, companyId), inArray(cultureApplications.situacao, RESULTADOS.map((r) => r.value))))
    .orderBy(sql`${cultureApplications.classificacao} asc nulls last`, asc(cultureApplications.id));
  if (!rows.length) return [{ title: 'Resultado', note: 'Nenhuma inscrição concorreu ao resultado deste edital.', items: [] }];
  const count = (v: string) => rows.filter((r) => r.situacao === v).length;
  const selected = count('selecionada');
  const waiting = count('suplente');
  const cell = (k: Column, row: Row): string => {
    if (k === 'classificacao') return row.classificacao === null ? '—' : `${row.classificacao as number}º`;
    return display(applications.fields[k], k, row) || '—';
  };
  return [{
    title: preliminary ? 'Resultado preliminar' : 'Resultado final',
    note: (preliminary ? `Os proponentes podem recorrer até ${formatDate(rec.prazoRecurso as string)}; o resultado final sai depois do julgamento dos recursos. ` : '')
      + `${selected} ${selected === 1 ? 'projeto selecionado' : 'projetos selecionados'}, ${waiting} ${waiting === 1 ? 'suplente' : 'suplentes'}. `
      + 'A concorrência de cada proponente (ampla ou cota) não é divulgada: vem de uma autodeclaração, dado pessoal sensível (LGPD); cada proponente a vê no Paço.',
    table: {
      head: RESULTADO_PUBLICO.map((k) => (k === 'projeto' ? 'Projeto' : applications.fields[k].label)),
      rows: rows.map((row) => RESULTADO_PUBLICO.map((k) => ({ text: cell(k, row) }))), stack: true,
    },
  }];
};

/** The steps to apply, with the app's own addresses: sign-up (when the entity takes it), sign-in back to this call. */
async function howToApply(sv: Services, rec: Row, companyId: number): Promise<Related> {
  const [company] = await sv.db.select({ name: companies.name, autocadastro: companies.autocadastro }).from(companies).where(eq(companies.id, companyId));
  const inicio = formatDate(rec.inscricoesInicio as string);
  const fim = formatDate(rec.inscricoesFim as string);
  if ((rec.inscricoesFim as string) < todayInSaoPaulo()) {
    return [{ title: 'Como se inscrever', note: `As inscrições terminaram em ${fim}. O resultado será publicado nesta página.`, items: [] }];
  }
  const call = `${calls.screen}/${rec.id as number}`;
  return [{
    title: 'Como se inscrever', ordered: true,
    note: `Inscrições de ${inicio} a ${fim}, pelo Paço, o sistema on-line da ${company?.name ?? 'entidade'}, para artistas e grupos com cadastro cultural ativo.`,
    items: [
      ...(company?.autocadastro ? [{ text: 'Crie sua conta no Paço', url: `/auth/register?entidade=${companyId}`, detail: 'se ainda não tem uma: nome, e-mail e senha.' }] : []),
      {
        text: 'Preencha seu cadastro cultural', detail: 'em Cultural › Meu Cadastro, como artista ou como grupo, com a autodeclaração de raça/cor (ela dá acesso às vagas reservadas '
          + 'às cotas). A equipe da Cultura confere e ativa o cadastro; só cadastros ativos se inscrevem.',
      },
      {
        text: 'Entre no Paço e inscreva-se neste edital', url: `/auth/login?next=${encodeURIComponent(call)}`,
        detail: `em Cultural › Editais de Fomento, com o botão “Inscrever-se”: título e resumo do projeto, valor solicitado, concorrência (ampla ou cota) e o projeto em PDF, até ${fim}.`,
      },
    ],
  }];
}
