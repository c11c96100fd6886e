/**
 * Demo data of the Legislativo area (called once by the demo seed on an empty database): the Câmara Municipal de
 * Vila Serena in the 2025–2028 legislature — parties, 11 vereadores with mandates and affiliations, the two
 * legislative sessions of the 2025–2026 biennium and their Mesa Diretora, a bancada per party and a bloco, a few dependents, an absence, the staff
 * (agents). Each vereador has a generated portrait (public photo) and a sign-in: vereador@paco.demo acts as the
 * vereadora Vera Lúcia, vereador2@ … vereador11@paco.demo as the other ten, in the order of MEMBERS (same password).
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  absences, affiliations, agents, bancadas, blocos, blocosPartidos, boards, dependents, legislativeSessions, legislatures, mandates, membrosBancada, parliamentaries,
  parliamentariesUsers, parties, roles, types, users,
} from '../../db/schema.generated.ts';
import { roleUser } from '../../db/schema.base.ts';
import type { FileStorage } from '../../storage/files.ts';
import { portraitPng } from '../../seed/portrait.ts';
import { insertRows, updateWithSql } from '../../engine/rows.ts';

/** Parties with their TSE numbers. */
const PARTIES: { abbreviations: string; name: string; number: number; founded?: string }[] = [
  { abbreviations: 'PT', name: 'Partido dos Trabalhadores', number: 13, founded: '1980-02-10' },
  { abbreviations: 'MDB', name: 'Movimento Democrático Brasileiro', number: 15 },
  { abbreviations: 'PSD', name: 'Partido Social Democrático', number: 55 },
  { abbreviations: 'PSB', name: 'Partido Socialista Brasileiro', number: 40 },
  { abbreviations: 'PL', name: 'Partido Liberal', number: 22 },
  { abbreviations: 'PP', name: 'Progressistas', number: 11 },
  { abbreviations: 'REPUBLICANOS', name: 'Republicanos', number: 10 },
  { abbreviations: 'PDT', name: 'Partido Democrático Trabalhista', number: 12 },
  { abbreviations: 'UNIÃO', name: 'União Brasil', number: 44 },
  { abbreviations: 'PSDB', name: 'Partido da Social Democracia Brasileira', number: 45, founded: '1988-06-25' },
];

/** The 11 vereadores: [nome parlamentar, nome completo, party, profissão, votos, filiação desde]. */
const MEMBERS: [string, string, string, string, number, string][] = [
  ['Vera Lúcia', 'Vera Lúcia Andrade Campos', 'PT', 'Professora', 1284, '2011-09-15'],
  ['Zé do Mercado', 'José Carlos Pereira', 'MDB', 'Comerciante', 1530, '2008-03-02'],
  ['Dr. Ricardo Menezes', 'Ricardo Augusto Menezes', 'PSD', 'Médico', 2117, '2019-04-01'],
  ['Ana Paula Rocha', 'Ana Paula Rocha Figueiredo', 'PSB', 'Assistente social', 987, '2016-03-30'],
  ['Sargento Almeida', 'Marcos Antônio de Almeida', 'PL', 'Policial militar', 1762, '2022-03-25'],
  ['Tânia Ribeiro', 'Tânia Maria Ribeiro', 'PP', 'Enfermeira', 903, '2020-02-14'],
  ['Joãozinho da Saúde', 'João Batista Nogueira', 'REPUBLICANOS', 'Agente comunitário de saúde', 1121, '2018-04-06'],
  ['Professor Lucas', 'Lucas Henrique Barbosa', 'PDT', 'Professor de história', 846, '2015-10-01'],
  ['Cida Moreira', 'Maria Aparecida Moreira', 'UNIÃO', 'Empresária', 1045, '2022-02-08'],
  ['Pastor Edson', 'Edson Luiz Ferreira', 'REPUBLICANOS', 'Pastor evangélico', 1398, '2019-11-20'],
  ['Beto Carvalho', 'Roberto Carvalho Lima', 'PSDB', 'Engenheiro agrônomo', 765, '2012-05-10'],
];

/** Background colour of each party's portraits. */
const PARTY_COLORS: Record<string, string> = {
  PT: '#c62828', MDB: '#2e7d32', PSD: '#f9a825', PSB: '#ef6c00', PL: '#283593', PP: '#0277bd',
  REPUBLICANOS: '#00838f', PDT: '#6a1b9a', 'UNIÃO': '#1565c0', PSDB: '#00695c',
};

/** E-mail of the demo sign-in of the i-th member of MEMBERS. */
export const memberEmail = (i: number): string => (i === 0 ? 'vereador@paco.demo' : `vereador${i + 1}@paco.demo`);

const FEMALE = new Set(['Vera Lúcia', 'Ana Paula Rocha', 'Tânia Ribeiro', 'Cida Moreira']);

export async function seedDemo(db: Db, companies: { camara: number; prefeitura: number }, storage: FileStorage): Promise<void> {
  const company_id = companies.camara;
  const typeId = async (type: string, slug: string): Promise<number | null> => {
    const [t] = await db.select({ id: types.id }).from(types).where(and(eq(types.type, type), eq(types.slug, slug), isNull(types.company_id))).limit(1);
    return t?.id ?? null;
  };

  const partyRows = await insertRows({ db }, parties, PARTIES.map((p) => ({ company_id, ...p })));
  const partyId = (abbr: string) => partyRows.find((p) => p.abbreviations === abbr)!.id;

  const [leg] = await insertRows({ db }, legislatures, {
    company_id, numero: 19, descricao: '19ª Legislatura (2025–2028)', eleicao: '2024-10-06', inicio: '2025-01-01', fim: '2028-12-31',
  });
  const ordinaria = await typeId('legislative_sessions', 'ordinaria');
  const sessions = await insertRows({ db }, legislativeSessions, [
    { company_id, numero: 1, legislature_id: leg.id, type_id: ordinaria, inicio: '2025-02-01', fim: '2025-12-22', inicioIntervalo: '2025-07-18', fimIntervalo: '2025-07-31' },
    { company_id, numero: 2, legislature_id: leg.id, type_id: ordinaria, inicio: '2026-02-01', fim: '2026-12-22', inicioIntervalo: '2026-07-18', fimIntervalo: '2026-07-31' },
  ]);

  const members = await insertRows({ db }, parliamentaries, MEMBERS.map(([nome, nomeCompleto, , profissao], i) => ({
    company_id, nome, nomeCompleto, profissao, ativo: true,
    numGabinete: String(101 + i),
    fone: `313555${String(1010 + i * 7).padStart(4, '0')}`,
    biografia: `${nomeCompleto}, ${profissao.toLowerCase()}, ${FEMALE.has(nome) ? 'eleita vereadora' : 'eleito vereador'} de Vila Serena em 2024.`,
    locaisAtuacao: ['Centro e Vila Nova', 'Bairro São José', 'Distrito de Águas Claras', 'Jardim Primavera', 'Zona rural'][i % 5],
  })));
  const member = (nome: string) => members.find((m) => m.nome === nome)!.id;

  await insertRows({ db }, mandates, MEMBERS.map(([nome, , , , votos]) => ({
    company_id, parliamentary_id: member(nome), legislature_id: leg.id, votos, titular: true,
    inicio: '2025-01-01', fim: '2028-12-31', diplomacao: '2024-12-17',
  })));
  await insertRows({ db }, affiliations, MEMBERS.map(([nome, , party, , , since]) => ({
    company_id, parliamentary_id: member(nome), party_id: partyId(party), inicio: since,
  })));

  // Mesa Diretora of the 2025–2026 biennium, the same in both legislative sessions
  const mesa: [string, string][] = [
    ['presidente', 'Dr. Ricardo Menezes'], ['vice_presidente', 'Ana Paula Rocha'],
    ['primeiro_secretario', 'Zé do Mercado'], ['segundo_secretario', 'Tânia Ribeiro'],
  ];
  for (const s of sessions) {
    for (const [cargo, nome] of mesa) {
      const cargoId = await typeId('cargos_mesa', cargo);
      if (cargoId) await insertRows({ db }, boards, { company_id, legislative_session_id: s.id, cargo_id: cargoId, parliamentary_id: member(nome), obs: 'Eleita em 1º de janeiro de 2025 para o biênio 2025–2026.' });
    }
  }

  // bancadas (one per party with vereadores, its líder the first of them) and a bloco whose leadership changed in 2026
  const inParty = (abbr: string) => MEMBERS.filter(([, , party]) => party === abbr).map(([nome]) => member(nome));
  const benchParties = PARTIES.map((p) => p.abbreviations).filter((abbr) => inParty(abbr).length);
  const benches = await insertRows({ db }, bancadas, benchParties.map((abbr) => ({
    company_id, nome: `Bancada do ${abbr}`, legislature_id: leg.id, party_id: partyId(abbr), inicio: '2025-01-01',
  })));
  await insertRows({ db }, membrosBancada, benches.flatMap((b, k) => inParty(benchParties[k]).map((parliamentary_id, i) => ({
    company_id, bancada_id: b.id, parliamentary_id, cargo: i === 0 ? 'lider' : 'membro', inicio: '2025-01-01',
  }))));
  const [bloco] = await insertRows({ db }, blocos, {
    company_id, nome: 'Bloco Vila Serena Progressista', legislature_id: leg.id, inicio: '2025-02-03',
    obs: 'Formado por PT, PSB e PDT no início da sessão legislativa de 2025.',
  });
  await insertRows({ db }, blocosPartidos, ['PT', 'PSB', 'PDT'].map((abbr) => ({ bloco_id: bloco.id, party_id: partyId(abbr) })));
  await insertRows({ db }, membrosBancada, [
    { company_id, bloco_id: bloco.id, parliamentary_id: member('Ana Paula Rocha'), cargo: 'lider', inicio: '2025-02-03', fim: '2025-12-31', obs: 'Líder em 2025.' },
    { company_id, bloco_id: bloco.id, parliamentary_id: member('Ana Paula Rocha'), cargo: 'vice_lider', inicio: '2026-01-01' },
    { company_id, bloco_id: bloco.id, parliamentary_id: member('Vera Lúcia'), cargo: 'membro', inicio: '2025-02-03', fim: '2025-12-31' },
    { company_id, bloco_id: bloco.id, parliamentary_id: member('Vera Lúcia'), cargo: 'lider', inicio: '2026-01-01', obs: 'Eleita líder do bloco para 2026.' },
    { company_id, bloco_id: bloco.id, parliamentary_id: member('Professor Lucas'), cargo: 'membro', inicio: '2025-02-03' },
  ]);

  await insertRows({ db }, dependents, [
    { company_id, parliamentary_id: member('Vera Lúcia'), name: 'Mariana Andrade Campos', type_id: await typeId('dependents', 'filho') },
    { company_id, parliamentary_id: member('Vera Lúcia'), name: 'Paulo Henrique Campos', type_id: await typeId('dependents', 'conjuge') },
    { company_id, parliamentary_id: member('Professor Lucas'), name: 'Helena Barbosa', type_id: await typeId('dependents', 'filho') },
  ]);
  await insertRows({ db }, absences, {
    company_id, parliamentary_id: member('Beto Carvalho'), data: '2025-04-14', horario: '19:00',
    obs: 'Ausência justificada: participação em audiência sobre crédito rural em Belo Horizonte.',
  });

  await insertRows({ db }, agents, [
    { company_id, name: 'Cláudia Regina Souza', matricula: '0012', provento: 6850.0, desconto: 1423.37, liquido: 5426.63 },
    { company_id, name: 'Fernando Augusto Lima', matricula: '0027', provento: 4320.5, desconto: 712.84, liquido: 3607.66 },
    { company_id, name: 'Juliana Martins Prado', matricula: '0031', provento: 3980.0, desconto: 598.2, liquido: 3381.8 },
    { company_id, name: 'Rogério Tavares', matricula: '0045', provento: 2640.0, desconto: 301.15, liquido: 2338.85 },
  ]);

  // portraits (public files, like an uploaded photo_parliamentary)
  const photos = await Promise.all(MEMBERS.map(([nome, , party]) => {
    const id = member(nome);
    const file = `${nome.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '')}.png`;
    return storage.save([company_id, 'parliamentaries', id, 'photo_parliamentary'], portraitPng(nome, PARTY_COLORS[party] ?? '#546e7a'), file, 'image/png', true)
      .then((stored) => ({ id, stored }));
  }));
  await updateWithSql({ db }, parliamentaries, sql`update parliamentaries p set photo_parliamentary = v.photo from (values ${sql.join(
    photos.map(({ id, stored }) => sql`(${id}::integer, ${JSON.stringify(stored)}::jsonb)`), sql`, `,
  )}) as v(id, photo) where p.id = v.id`);

  // sign-ins: vereador@paco.demo (created with the demo users) is Vera Lúcia; vereador2@ … vereador11@ the others,
  // with the same password (its hash is reused) and the cm_parlamentar role
  const [vera] = await db.select({ id: users.id, password: users.password }).from(users).where(eq(users.email, memberEmail(0))).limit(1);
  if (!vera) return;
  const others = await insertRows({ db }, users, MEMBERS.slice(1).map(([, nomeCompleto], k) => ({
    company_id, name: nomeCompleto, email: memberEmail(k + 1), password: vera.password,
  })));
  const [parlamentar] = await db.select({ id: roles.id }).from(roles).where(eq(roles.name, 'cm_parlamentar'));
  if (parlamentar) await insertRows({ db }, roleUser, others.map((u) => ({ user_id: u.id, role_id: parlamentar.id })));
  const userOf = new Map([[memberEmail(0), vera.id], ...others.map((u) => [u.email, u.id] as const)]);
  await insertRows({ db }, parliamentariesUsers, MEMBERS.map(([nome], i) => ({ parliamentary_id: member(nome), user_id: userOf.get(memberEmail(i))! })), { onConflict: 'nothing' });
}
