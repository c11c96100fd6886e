/**
 * Demo data of the live plenary (issue 4) for the Câmara Municipal de Vila Serena, called once by the demo seed on an
 * empty database after the materias seed (which creates last week's and today's plenary sessions with their
 * agendas): the plenary settings, the quorum rules with their legal basis, the speakers inscribed for today's
 * session, and the closed votings of last week's session (a reading, a symbolic vote and a nominal vote with each
 * member's vote), so the last result and the last finished session have data; and that session's ata, generated as
 * a draft from what it recorded (ata.ts).
 */
import { and, asc, desc, eq, inArray, isNull } from 'drizzle-orm';
import { computeResult, type QuorumRule, type VoteChoice } from '@paco/domain/plenary';
import type { Db } from '../../db/client.ts';
import {
  parliamentaries, parliamentariesUsers, plenaryMatters, plenarySessions, plenarySettings, quorumRules, speakers, types, users, voteHistory, votes, vottings,
} from '../../db/schema.generated.ts';
import { todayInSaoPaulo as todayIso } from '../../auth/session.ts';
import type { FileStorage } from '../../storage/files.ts';
import { writeAta } from './ata.ts';
import { insertRows } from '../../engine/rows.ts';

const SETTINGS = { votos_ao_vivo: true, presidente_regra: 'desempate', tempo_expediente: 300, tempo_ordem_dia: 600, tempo_explicacoes_pessoais: 300, total_membros: null } as const;

/** Quorum rules by matter type (any turno); matter types without a rule are voted by maioria simples. */
const QUORUM: [string, QuorumRule, string][] = [
  ['plc', 'maioria_absoluta', 'Lei Orgânica, art. 38: as leis complementares exigem o voto favorável da maioria absoluta dos membros da Câmara.'],
  ['pelo', 'dois_tercos', 'Lei Orgânica, art. 36, § 2º: a proposta de emenda à Lei Orgânica é votada em dois turnos e aprovada por dois terços dos membros da Câmara.'],
  ['veto', 'maioria_absoluta', 'Lei Orgânica, art. 45, § 4º: o veto só pode ser rejeitado pelo voto da maioria absoluta dos membros da Câmara.'],
];

/** Speakers inscribed for today's session, by list (nome parlamentar). */
const SPEAKERS: [string, string[]][] = [
  ['expediente', ['Vera Lúcia', 'Zé do Mercado', 'Ana Paula Rocha']],
  ['explicacoes_pessoais', ['Professor Lucas', 'Sargento Almeida']],
];

/** Last week's nominal vote: the members voting Não (the others, except the presiding officer, vote Sim). */
const NOMINAL_NO = new Set(['Sargento Almeida', 'Beto Carvalho']);

export async function seedDemo(db: Db, companies: { camara: number; prefeitura: number }, storage: FileStorage): Promise<void> {
  await seedVotings(db, companies);
  // last week's ata, generated from what the session recorded (a draft for the staff to edit and approve)
  const [last] = await db.select().from(plenarySessions)
    .where(and(eq(plenarySessions.company_id, companies.camara), eq(plenarySessions.finalizada, true))).orderBy(desc(plenarySessions.abertura)).limit(1);
  if (last) await writeAta({ db, storage, req: null, auth: null }, last);
}

async function seedVotings(db: Db, companies: { camara: number; prefeitura: number }): Promise<void> {
  const company_id = companies.camara;
  const typeIds = async (type: string, slugs: string[]): Promise<Map<string, number>> => {
    const rows = await db.select({ id: types.id, slug: types.slug }).from(types).where(and(eq(types.type, type), inArray(types.slug, slugs), isNull(types.company_id)));
    return new Map(rows.map((r) => [r.slug, r.id]));
  };

  /* settings and quorum rules */
  await insertRows({ db }, plenarySettings, { company_id, chave: company_id, ...SETTINGS });
  const matterTypes = await typeIds('matters', QUORUM.map(([slug]) => slug));
  const rules = QUORUM.filter(([slug]) => matterTypes.has(slug)).map(([slug, regra, obs]) => {
    const type_id = matterTypes.get(slug)!;
    const turno_id: number | null = null;
    return { company_id, type_id, turno_id, regra, quorum_presenca: 'maioria_absoluta', obs, chave: `${type_id}:${turno_id ?? ''}` };
  });
  if (rules.length) await insertRows({ db }, quorumRules, rules);

  /* the sessions created by the materias seed */
  const sessions = await db.select({ id: plenarySessions.id, numero: plenarySessions.numero, abertura: plenarySessions.abertura, presidente_id: plenarySessions.presidente_id })
    .from(plenarySessions).where(eq(plenarySessions.company_id, company_id)).orderBy(asc(plenarySessions.abertura));
  const today = sessions.find((s) => s.abertura === todayIso());
  const last = sessions.filter((s) => s.abertura < todayIso()).pop();
  const members = await db.select({ id: parliamentaries.id, nome: parliamentaries.nome }).from(parliamentaries)
    .where(and(eq(parliamentaries.company_id, company_id), eq(parliamentaries.ativo, true))).orderBy(asc(parliamentaries.id));
  const memberId = (nome: string) => members.find((m) => m.nome === nome)?.id;

  /* speakers inscribed for today, waiting, with the list's time */
  if (today) {
    const lists = await typeIds('speakers', SPEAKERS.map(([list]) => list));
    const time: Record<string, number> = { expediente: SETTINGS.tempo_expediente, ordem_dia: SETTINGS.tempo_ordem_dia, explicacoes_pessoais: SETTINGS.tempo_explicacoes_pessoais };
    const rows = SPEAKERS.flatMap(([list, names]) => names.map((nome, i) => ({ list, nome, ordem: i + 1 })))
      .filter((x) => lists.has(x.list) && memberId(x.nome))
      .map(({ list, nome, ordem }) => ({
        company_id, plenary_session_id: today.id, type_id: lists.get(list)!, parliamentary_id: memberId(nome)!, ordem,
        tempoConcedido: time[list], status: 'aguardando', iniciadoEm: null, acumuladoMs: 0,
      }));
    if (rows.length) await insertRows({ db }, speakers, rows);
  }

  /* last week's speakers, who spoke (their time kept by the server's clock) */
  if (last) {
    const lists = await typeIds('speakers', ['expediente', 'explicacoes_pessoais']);
    const spoke: [string, string, number][] = [['expediente', 'Ana Paula Rocha', 262], ['expediente', 'Professor Lucas', 300], ['explicacoes_pessoais', 'Cida Moreira', 185]];
    const rows = spoke.filter(([list, nome]) => lists.has(list) && memberId(nome)).map(([list, nome, seconds]) => ({
      company_id, plenary_session_id: last.id, type_id: lists.get(list)!, parliamentary_id: memberId(nome)!, ordem: spoke.filter((x) => x[0] === list).findIndex((x) => x[1] === nome) + 1,
      tempoConcedido: list === 'expediente' ? SETTINGS.tempo_expediente : SETTINGS.tempo_explicacoes_pessoais, status: 'concluido', iniciadoEm: null, acumuladoMs: seconds * 1000,
    }));
    if (rows.length) await insertRows({ db }, speakers, rows);
  }

  /* last week's votings: every item of its agenda was read or voted; the nominal vote with each member's vote */
  if (!last || !members.length) return;
  const agenda = await db.select({ id: plenaryMatters.id, kind: plenaryMatters.kind, type_id: plenaryMatters.tipo_meteria_id, turno_id: plenaryMatters.turno_id, tipo_votacao_id: plenaryMatters.tipo_votacao_id })
    .from(plenaryMatters).where(eq(plenaryMatters.plenary_session_id, last.id)).orderBy(asc(plenaryMatters.kind), asc(plenaryMatters.numOrdem));
  const kinds = await typeIds('votation', ['leitura', 'simbolica', 'nominal', 'secreta']);
  const kindOf = (typeId: number) => [...kinds].find(([, id]) => id === typeId)?.[0] ?? 'simbolica';
  const [operador] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'operador@paco.demo')).limit(1);
  const links = await db.select({ parliamentary_id: parliamentariesUsers.parliamentary_id, user_id: parliamentariesUsers.user_id }).from(parliamentariesUsers)
    .where(inArray(parliamentariesUsers.parliamentary_id, members.map((m) => m.id)));
  const total = members.length;
  const presidente_id = last.presidente_id;
  const voters = members.filter((m) => m.id !== presidente_id);
  const at = (hhmmss: string) => `${last.abertura}T${hhmmss}-03:00`;
  // expediente from 18:20, ordem do dia from 19:40, three minutes per item
  const clock = { expediente: 18 * 60 + 20, ordem_dia: 19 * 60 + 40 } as Record<string, number>;
  const hm = (min: number, sec: number) => `${String(Math.floor(min / 60)).padStart(2, '0')}:${String(min % 60).padStart(2, '0')}:${String(sec).padStart(2, '0')}`;

  const base = {
    company_id, plenary_session_id: last.id, status: 'encerrada', aberta_chave: null, presidente_regra: SETTINGS.presidente_regra, presidente_id, quorum_presenca: 'maioria_absoluta',
    total, presentes: total, aberta_por: operador?.id ?? null, encerrada_por: operador?.id ?? null,
  };
  const nominalVotes: { parliamentary_id: number; voto: VoteChoice }[] = voters.map((m) => ({ parliamentary_id: m.id, voto: NOMINAL_NO.has(m.nome) ? 'nao' : 'sim' }));
  const rows = agenda.map((item) => {
    const tipo = kindOf(item.tipo_votacao_id);
    const fase = item.kind === 'expediente' ? 'abertura' : 'ordem_dia';
    const start = clock[item.kind] ?? clock.ordem_dia;
    clock[item.kind] = start + 3;
    const times = { abertaEm: at(hm(start, 5)), encerradaEm: at(hm(start + (tipo === 'leitura' ? 0 : 2), tipo === 'leitura' ? 5 : 48)) };
    const regra: QuorumRule = (rules.find((q) => q.chave === `${item.type_id}:${item.turno_id ?? ''}`) ?? rules.find((q) => q.chave === `${item.type_id}:`))?.regra ?? 'maioria_simples';
    if (tipo === 'leitura') {
      return { ...base, ...times, plenary_matter_id: item.id, tipo, fase, regra, sim: 0, nao: 0, abstencao: 0, exigidos: null, resultado: 'lida', explicacao: 'Matéria lida em plenário (sem votação).' };
    }
    const tally = tipo === 'nominal'
      ? { sim: nominalVotes.filter((v) => v.voto === 'sim').length, nao: nominalVotes.filter((v) => v.voto === 'nao').length, abstencao: 0 }
      : { sim: voters.length, nao: 0, abstencao: 0 };
    const r = computeResult({ rule: regra, total, presentes: total, votes: tally, presidentVote: null, presidentRule: SETTINGS.presidente_regra });
    return { ...base, ...times, plenary_matter_id: item.id, tipo, fase, regra, ...r.counted, exigidos: r.exigidos, resultado: r.resultado, explicacao: r.explicacao };
  });
  if (!rows.length) return;
  const created = await insertRows({ db }, vottings, rows);
  const nominal = created.find((v) => v.tipo === 'nominal');
  const opened = rows.find((r) => r.tipo === 'nominal')?.abertaEm;
  if (nominal && opened) {
    // each member votes from their own tablet in the first minute and a half (and the history keeps each cast)
    const cast = nominalVotes.map((v, i) => {
      const when = new Date(Date.parse(opened) + (12 + i * 7) * 1000).toISOString();
      return {
        company_id, votting_id: nominal.id, parliamentary_id: v.parliamentary_id, voto: v.voto,
        user_id: links.find((l) => l.parliamentary_id === v.parliamentary_id)?.user_id ?? null, ip: `10.20.0.${101 + i}`, created_at: when, updated_at: when,
      };
    });
    await insertRows({ db }, votes, cast.map((c) => ({ ...c, chave: `${nominal.id}:${c.parliamentary_id}` })));
    await insertRows({ db }, voteHistory, cast);
  }
}
