/**
 * "Meus dados (LGPD)" (docs/decisions/0049-lgpd-own-data-download.md): the signed-in person's own data, as a JSON
 * download (LGPD art. 18, II, access, and V, portability), and whom to ask for correction or deletion.
 *
 * The person is the session's user, never a parameter. Each part is read by the link that makes a row theirs: the
 * account itself, rows whose user column is theirs, and, for a councillor, rows of the parliamentarian records linked
 * to the account (the `parliamentary` session fact of the row scopes, engine/rowscope.ts). Tenant rows are read in the
 * account's own company only. Secrets never leave: the password hash, session and reset token hashes, the audit
 * rows' recorded changes (they may hold other people's data) and write-only fields (serialize leaves them out).
 */
import { and, desc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ResourceDef } from '@paco/domain/resource';
import { resourceByName } from '@paco/domain/resources';
import { accountUrl, PRIVACY_CONTACT_GENERIC } from '@paco/domain/account';
import { ROLE_DESCRIPTIONS, type RoleName } from '@paco/domain/roles';
import { formatPhone } from '@paco/domain/br';
import type { Row, Services } from '../engine/context.ts';
import { requireAuth } from '../engine/policy.ts';
import { serialize, iso } from '../engine/serialize.ts';
import { tableFor, type Cols } from '../engine/tables.ts';
import { audit } from '../engine/audit.ts';
import { notFound } from '../http/errors.ts';
import {
  ballotMarks, companies, cultureProgress, logs, matters, mattersAuthors, parliamentariesUsers, parliamentaries, users, votes,
} from '../db/schema.generated.ts';
import { accessTokens, frontLogs, passwordResets } from '../db/schema.base.ts';
import type { StoredFile } from '../storage/files.ts';
import { rolesAndPermissions, todayInSaoPaulo, type AuthContext } from './session.ts';

/** Downloads per person per hour: the file is built from many tables, and nobody needs it more often. */
export const MY_DATA_LIMIT = { max: 10, ms: 60 * 60_000 } as const;
/** The activity log is the part that grows: the most recent entries, with the total said beside them. */
export const MY_DATA_LOG_MAX = 5000;

/** What each part of the file is (the file's `explicacao.partes`), in the order of the file. */
export const MY_DATA_PARTS: Record<string, string> = {
  conta: 'Sua conta: nome, e-mail, foto, entidade e datas de criação e alteração. A senha é guardada só como um resumo criptográfico (hash) e nunca sai do sistema.',
  papeis: 'Os papéis (perfis de acesso) da sua conta e o que cada um permite.',
  contatos: 'Contatos (telefone, endereço, redes) cadastrados na sua conta.',
  cadastroCultural: 'Seu cadastro de artista e/ou de grupo cultural (Meu Cadastro), com os andamentos da análise feita pela equipe da Cultura.',
  parlamentar: 'Os registros de parlamentar ligados à sua conta.',
  autorias: 'Autorias em seu nome: os registros de autor, as matérias e proposições deles, e os rascunhos de matéria e as solicitações feitas como parlamentar.',
  votos: 'Seus votos registrados no painel (o voto, a hora e o endereço IP) e as participações em votações secretas (só que você votou, nunca o voto).',
  responsabilidades: 'Setores pelos quais você responde (com as datas) e as instâncias de recurso do e-SIC em que você atua.',
  notificacoes: 'As notificações enviadas a você dentro do sistema.',
  sessoes: 'Suas entradas no sistema: quando, de que endereço IP e navegador, até quando valeram. Os tokens em si não são guardados (só o hash) e não saem.',
  redefinicoesDeSenha: 'Pedidos de redefinição de senha: quando foram feitos, até quando valiam e se foram usados (o link não é guardado).',
  registrosDeAtividade: `O registro de auditoria do que você fez no sistema (data, ação, descrição, endereço IP), até os ${MY_DATA_LOG_MAX} mais recentes. Os valores alterados não vêm aqui, porque podem conter dados de outras pessoas.`,
  errosRegistrados: 'Relatos automáticos de erro da tela enviados pelo seu navegador quando você estava conectado.',
  naoIncluidos: 'O que não está neste arquivo e por quê.',
};

const NOT_INCLUDED = [
  'Pedidos de acesso à informação (e-SIC) e manifestações da Ouvidoria feitos pelo portal não ficam ligados à conta: consulte cada um pelo protocolo e pelo código de acompanhamento, ou peça-os à Ouvidoria da entidade.',
  'Registros de trabalho feitos em nome da entidade (processos, documentos, tramitações, matérias cadastradas por você como servidor) pertencem à entidade; o que você fez neles está no registro de atividade.',
  'E-mails enviados a você: o sistema guarda uma cópia para entrega, que pode conter links de acesso; eles não são incluídos.',
  'Registros da entidade que citam você sem ligação com a sua conta (por exemplo, como interessado em um processo, no cadastro de pessoas) não são encontrados por ela: peça-os à Ouvidoria ou ao encarregado, com um documento que o identifique.',
];

/** Whom to ask for correction or deletion (the company's service contact and its portal's Ouvidoria), or null. */
export interface PrivacyContact {
  entidade: string;
  email: string | null;
  telefone: string | null;
  horario: string | null;
  /** the public portal's Ouvidoria page, when the company publishes a portal */
  ouvidoria: string | null;
  /** the sentence the screens and the file show */
  texto: string;
}

export async function privacyContact(s: Services, companyId: number): Promise<PrivacyContact> {
  const [c] = await s.db.select({
    name: companies.name, slug: companies.slug, portal: companies.portal_publicado, email: companies.email_atendimento,
    telefone: companies.telefone, horario: companies.horario_atendimento,
  }).from(companies).where(eq(companies.id, companyId));
  if (!c) throw notFound('Entidade', 'f');
  const ouvidoria = c.portal && c.slug ? `/portal/${c.slug}/ouvidoria` : null;
  const telefone = c.telefone ? formatPhone(c.telefone) : null;
  const ways = [c.email ? `pelo e-mail ${c.email}` : '', telefone ? `pelo telefone ${telefone}` : '', ouvidoria ? 'pela página da Ouvidoria no portal' : ''].filter(Boolean);
  const texto = ways.length
    ? `Para pedir a correção, a atualização ou a exclusão dos seus dados, fale com a Ouvidoria ou com o encarregado pelo tratamento de dados pessoais da sua entidade (${c.name}): ${ways.join(', ').replace(/, ([^,]*)$/, ' ou $1')}.`
    : PRIVACY_CONTACT_GENERIC;
  return { entidade: c.name, email: c.email, telefone, horario: c.horario, ouvidoria, texto };
}

const def = (name: string): ResourceDef => {
  const r = resourceByName.get(name);
  if (!r) throw new Error(`resource ${name} is not declared`);
  return r;
};

/** A resource's rows of the company matching `where`, as the API writes them (files as links, references with their name). */
async function rowsOf(s: Services, auth: AuthContext, name: string, companyId: number, where: (cols: Cols) => SQL | undefined): Promise<Row[]> {
  const r = def(name);
  const { table, cols } = tableFor(r);
  const cond = where(cols);
  if (!cond) return [];
  const live = r.softDelete ? [isNull(cols.deleted_at)] : [];
  const rows = await s.db.select().from(table).where(and(eq(cols.company_id, companyId), cond, ...live)).orderBy(cols.id) as Row[];
  // no `decorate` hooks: they shape lists for the staff (masks, counts), not a person's own copy; each row as its
  // record answers it (`many` false: the person's own CPF in full, not masked as a list shows it)
  return rows.length ? serialize(s, r, rows, auth, null, false) : [];
}

const ts = (rows: Row[], keys: string[]): Row[] => rows.map((row) => {
  const o: Row = { ...row };
  for (const k of keys) o[k] = iso(row[k]);
  return o;
});

/** Everything the file carries, for the session's user. */
export async function myData(s: Services, auth: AuthContext): Promise<Row> {
  const [me] = await s.db.select({
    id: users.id, name: users.name, email: users.email, photo: users.photo, company_id: users.company_id,
    created_at: users.created_at, updated_at: users.updated_at,
  }).from(users).where(and(eq(users.id, auth.userId), isNull(users.deleted_at)));
  if (!me) throw notFound('Usuário');
  const companyId = me.company_id;
  const uid = me.id;
  // the company's name and whom to ask, read once
  const contact = await privacyContact(s, companyId);
  const { roles } = await rolesAndPermissions(s.db, uid);
  const photo = me.photo as StoredFile | null;

  // the parliamentarian records of the account (a councillor's), in its company
  const parl = (await s.db.select({ id: parliamentariesUsers.parliamentary_id }).from(parliamentariesUsers)
    .innerJoin(parliamentaries, eq(parliamentaries.id, parliamentariesUsers.parliamentary_id))
    .where(and(eq(parliamentariesUsers.user_id, uid), eq(parliamentaries.company_id, companyId)))).map((x) => x.id);
  const mineOrParl = (c: Cols): SQL | undefined => (parl.length ? inArray(c.parliamentary_id, parl) : undefined);

  const artistas = await rowsOf(s, auth, 'artists', companyId, (c) => eq(c.user_id, uid));
  const grupos = await rowsOf(s, auth, 'artist_groups', companyId, (c) => eq(c.user_id, uid));
  const progressWhere = [
    ...(artistas.length ? [inArray(cultureProgress.artist_id, artistas.map((a) => a.id as number))] : []),
    ...(grupos.length ? [inArray(cultureProgress.artist_group_id, grupos.map((g) => g.id as number))] : []),
  ];
  // the reviewer's identity is the staff's, not the registrant's: the step, its reason and date only
  const andamentos = progressWhere.length ? ts(await s.db.select({
    artist_id: cultureProgress.artist_id, artist_group_id: cultureProgress.artist_group_id, de: cultureProgress.de, para: cultureProgress.para,
    motivo: cultureProgress.motivo, created_at: cultureProgress.created_at,
  }).from(cultureProgress).where(and(eq(cultureProgress.company_id, companyId), or(...progressWhere))).orderBy(cultureProgress.created_at, cultureProgress.id), ['created_at']) : [];

  const autores = await rowsOf(s, auth, 'authors', companyId, (c) => (parl.length ? or(eq(c.user_id, uid), inArray(c.parliamentary_id, parl)) : eq(c.user_id, uid)));
  const authorIds = autores.map((a) => a.id as number);
  const materias = authorIds.length ? await s.db.selectDistinct({
    id: matters.id, identificacao: matters.identificacao, numero: matters.numero, ano: matters.ano, dataApresentacao: matters.dataApresentacao, ementa: matters.ementa,
  }).from(matters).innerJoin(mattersAuthors, eq(mattersAuthors.matter_id, matters.id))
    .where(and(eq(matters.company_id, companyId), inArray(mattersAuthors.author_id, authorIds))).orderBy(matters.id) : [];

  const [logTotal] = await s.db.select({ n: sql<number>`count(*)::int` }).from(logs).where(and(eq(logs.company_id, companyId), eq(logs.user_id, uid)));
  const atividade = ts(await s.db.select({
    created_at: logs.created_at, action: logs.action, actionDescription: logs.actionDescription, resource: logs.resource, record_id: logs.record_id, ip: logs.ip,
  }).from(logs).where(and(eq(logs.company_id, companyId), eq(logs.user_id, uid))).orderBy(desc(logs.created_at), desc(logs.id)).limit(MY_DATA_LOG_MAX), ['created_at']);

  return {
    explicacao: {
      titulo: 'Meus dados — Lei Geral de Proteção de Dados Pessoais (Lei 13.709/2018, art. 18, II e V)',
      texto: `Este arquivo reúne os dados pessoais que o sistema Paço guarda sobre você em ${contact.entidade}, ligados à sua conta. Ele foi gerado a seu pedido e só pode ser baixado por você, com a sua sessão. O formato JSON pode ser lido por outros sistemas (portabilidade). Guarde-o com cuidado: ele contém os seus dados.`,
      partes: MY_DATA_PARTS,
      correcaoOuExclusao: contact.texto,
    },
    geradoEm: new Date().toISOString(),
    conta: {
      id: me.id, nome: me.name, email: me.email, foto: photo ? { url: s.storage.url(photo), name: photo.name, mime: photo.mime, size: photo.size } : null,
      entidade: { id: companyId, nome: contact.entidade }, created_at: iso(me.created_at), updated_at: iso(me.updated_at),
    },
    papeis: roles.map((name) => ({ nome: name, descricao: ROLE_DESCRIPTIONS[name as RoleName] ?? null })),
    contatos: await rowsOf(s, auth, 'contacts', companyId, (c) => eq(c.user_id, uid)),
    cadastroCultural: { artista: artistas, grupos, andamentos },
    parlamentar: await rowsOf(s, auth, 'parliamentaries', companyId, (c) => (parl.length ? inArray(c.id, parl) : undefined)),
    autorias: {
      autores,
      materias,
      proposicoes: await rowsOf(s, auth, 'propositions', companyId, (c) => (authorIds.length ? inArray(c.author_id, authorIds) : undefined)),
      rascunhosDeMateria: await rowsOf(s, auth, 'matter_applications', companyId, mineOrParl),
      solicitacoes: await rowsOf(s, auth, 'solicitations', companyId, mineOrParl),
    },
    votos: {
      nominais: ts(await s.db.select({ votting_id: votes.votting_id, voto: votes.voto, ip: votes.ip, created_at: votes.created_at, updated_at: votes.updated_at })
        .from(votes).where(and(eq(votes.company_id, companyId), eq(votes.user_id, uid))).orderBy(votes.id), ['created_at', 'updated_at']),
      secretas: ts(await s.db.select({ votting_id: ballotMarks.votting_id, ip: ballotMarks.ip, created_at: ballotMarks.created_at })
        .from(ballotMarks).where(and(eq(ballotMarks.company_id, companyId), eq(ballotMarks.user_id, uid))).orderBy(ballotMarks.id), ['created_at']),
    },
    responsabilidades: {
      setores: await rowsOf(s, auth, 'responsibles', companyId, (c) => eq(c.user_id, uid)),
      instanciasDeRecurso: await rowsOf(s, auth, 'sic_instancias', companyId, (c) => eq(c.user_id, uid)),
    },
    notificacoes: await rowsOf(s, auth, 'notifications', companyId, (c) => eq(c.user_id, uid)),
    sessoes: ts(await s.db.select({
      created_at: accessTokens.created_at, last_used_at: accessTokens.last_used_at, revoked_at: accessTokens.revoked_at, ip: accessTokens.ip, user_agent: accessTokens.user_agent,
    }).from(accessTokens).where(eq(accessTokens.user_id, uid)).orderBy(desc(accessTokens.created_at)), ['created_at', 'last_used_at', 'revoked_at']),
    redefinicoesDeSenha: ts(await s.db.select({ created_at: passwordResets.created_at, expires_at: passwordResets.expires_at, used_at: passwordResets.used_at })
      .from(passwordResets).where(eq(passwordResets.user_id, uid)).orderBy(desc(passwordResets.created_at)), ['created_at', 'expires_at', 'used_at']),
    registrosDeAtividade: { total: Number(logTotal?.n ?? 0), registros: atividade },
    errosRegistrados: ts(await s.db.select({ created_at: frontLogs.created_at, type: frontLogs.type, url: frontLogs.url, message: frontLogs.message, navegador: frontLogs.useAgent, ip: frontLogs.ip })
      .from(frontLogs).where(eq(frontLogs.user_id, uid)).orderBy(desc(frontLogs.created_at)).limit(500), ['created_at']),
    naoIncluidos: NOT_INCLUDED,
  };
}

export function registerMyDataRoutes(app: FastifyInstance, s: Services): void {
  const tags = ['Conta'];

  app.get(accountUrl('my_data'), {
    config: { rule: 'authenticated' },
    schema: {
      tags, summary: 'Meus dados (LGPD): baixa, em JSON, os dados pessoais do próprio usuário',
      description: 'Direito de acesso e portabilidade (LGPD art. 18, II e V). Responde um arquivo JSON (`Content-Disposition: attachment; filename="meus-dados-AAAA-MM-DD.json"`) '
        + 'com os dados do usuário da sessão: conta (sem a senha nem tokens), papéis, contatos, cadastro cultural, registros de parlamentar, autorias, votos, '
        + 'responsabilidades, notificações, sessões, pedidos de redefinição de senha, registro de atividade e relatos de erro; o campo `explicacao` diz o que é cada parte. '
        + `Cada download fica no registro de atividade. Limite: ${MY_DATA_LIMIT.max} por hora.`,
    },
  }, async (req, reply) => {
    const auth = requireAuth(req);
    await s.limits.consume(`mydata:${auth.userId}`, MY_DATA_LIMIT, 'Muitos downloads dos seus dados');
    const data = await myData(s, auth);
    await audit(s.db, req, { ...auth, companyId: auth.homeCompanyId }, 'data_export', def('users'), auth.userId, null,
      `${auth.name} baixou os próprios dados pessoais (LGPD)`);
    return reply.type('application/json; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="meus-dados-${todayInSaoPaulo()}.json"`)
      .header('Cache-Control', 'private, no-store')
      .send(JSON.stringify(data, null, 2));
  });

  app.get(accountUrl('privacy_contact'), {
    config: { rule: 'authenticated' },
    schema: { tags, summary: 'Meus dados (LGPD): a quem pedir correção ou exclusão dos dados (contato da entidade do usuário)' },
  }, async (req) => {
    const auth = requireAuth(req);
    return { data: await privacyContact(s, auth.homeCompanyId) };
  });
}
