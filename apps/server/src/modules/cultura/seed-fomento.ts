/**
 * Demo funding calls of Vila Serena (called by the culture demo seed): one whose final result was published, ranked by the
 * same `classificar` the server publishes with (a Black artist in the reserved place), one open for applications
 * (the demo artist may apply once the staff activates her registration), and one draft.
 */
import { addDays } from '@paco/domain/holidays';
import { and, eq } from 'drizzle-orm';
import { classificar, describeReserva } from '@paco/domain/fomento';
import type { Db } from '../../db/client.ts';
import { artists, cultureApplications, cultureCalls } from '../../db/schema.generated.ts';
import { insertRows } from '../../engine/rows.ts';

export async function seedFundingCalls(db: Db, pm: number, today: string): Promise<void> {
  const year = today.slice(0, 4);
  const base = { company_id: pm, fonte: 'lpg', notaMinima: 60, cotaNegros: 20, cotaIndigenas: 10, diasRecurso: 3 };
  const split = (vagas: number) => describeReserva({ vagas, cotaNegros: 20, cotaIndigenas: 10 });
  const [done] = await insertRows({ db }, cultureCalls, {
    ...base, numero: `001/${year}`, titulo: 'Prêmio Mestres e Mestras das Culturas Populares', situacao: 'resultado_publicado',
    descricao: 'Premia a trajetória de mestres e mestras das culturas populares e tradicionais de Vila Serena.',
    inscricoesInicio: addDays(today, -90), inscricoesFim: addDays(today, -60), vagas: 3, valorPorProjeto: 5000, reservaResumo: split(3),
    preliminarEm: `${addDays(today, -40)}T15:00:00Z`, prazoRecurso: addDays(today, -37), resultadoEm: `${addDays(today, -30)}T15:00:00Z`,
  } as never);
  await insertRows({ db }, cultureCalls, {
    ...base, numero: `002/${year}`, titulo: 'Fomento à Circulação de Espetáculos', situacao: 'inscricoes_abertas',
    descricao: 'Apoia a circulação de espetáculos de teatro, dança e música pelos bairros e pela zona rural.',
    inscricoesInicio: addDays(today, -5), inscricoesFim: addDays(today, 25), vagas: 10, valorPorProjeto: 15000, reservaResumo: split(10),
  } as never);
  await insertRows({ db }, cultureCalls, {
    ...base, fonte: 'pnab', numero: `003/${year}`, titulo: 'Bolsas de Formação Artística (PNAB)', situacao: 'rascunho',
    inscricoesInicio: addDays(today, 30), inscricoesFim: addDays(today, 60), vagas: 20, valorPorProjeto: 3000, reservaResumo: split(20),
  } as never);

  // the published call's applications: registered artists of the demo, with the staff's scores
  const byName = async (nomeCompleto: string) => (await db.select().from(artists).where(and(eq(artists.company_id, pm), eq(artists.nomeCompleto, nomeCompleto))))[0];
  const entries = [
    { nome: 'João Pedro Oliveira Lima', projeto: 'Grafite nos muros da escola', concorrencia: 'ampla', nota: 92 },
    { nome: 'Raimundo Nonato Araújo', projeto: 'Memória do congado: 60 anos de guarda', concorrencia: 'ampla', nota: 88 },
    { nome: 'Carla Menezes Rocha', projeto: 'Oficinas de cinema de celular', concorrencia: 'ampla', nota: 81 },
    { nome: 'Maria Aparecida dos Santos', projeto: 'Roda de samba da Praça da Matriz', concorrencia: 'negros', nota: 76 },
  ] as const;
  const rows = [];
  for (const [i, e] of entries.entries()) {
    const a = await byName(e.nome);
    if (!a) continue;
    rows.push({ id: i + 1, a, e });
  }
  const { lista } = classificar({ vagas: 3, cotaNegros: 20, cotaIndigenas: 10, notaMinima: 60 }, rows.map((x) => ({ id: x.id, nota: x.e.nota, concorrencia: x.e.concorrencia, ordem: x.id })));
  for (const x of rows) {
    const r = lista.find((l) => l.id === x.id)!;
    await insertRows({ db }, cultureApplications, {
      company_id: pm, call_id: done.id, artist_id: x.a.id, user_id: x.a.user_id, proponente: x.a.nomeSocial || x.a.nomeCompleto, projeto: x.e.projeto,
      resumo: `${x.e.projeto}: projeto apresentado ao Prêmio Mestres e Mestras, com contrapartida em oficinas abertas.`, valorSolicitado: 5000,
      concorrencia: x.e.concorrencia, situacao: r.resultado, nota: x.e.nota, parecer: 'Trajetória comprovada e contrapartida adequada ao edital.',
      classificacao: r.classificacao, vaga: r.vaga, remanejada: r.remanejada, chave: `${done.id}:a${x.a.id}`, created_at: `${addDays(today, -70 + x.id)}T12:00:00Z`,
    } as never);
  }
}
