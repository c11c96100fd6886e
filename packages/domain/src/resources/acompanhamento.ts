/**
 * "Acompanhar matéria" (decision 0055; SAPL's AcompanhamentoMateria): a citizen without an account gives an e-mail
 * address on the portal's page of a matter and, once the address is confirmed (double opt-in: a random, single-use
 * link that expires), gets one e-mail per new step of the matter's tramitação, each with a link to stop.
 *
 * One row per address and matter, in the matter's company. The address is personal data (LGPD): it is used only for
 * these messages, is never listed to the staff (the matter's record shows only how many confirmed addresses follow
 * it), and the row is deleted when the citizen stops or never confirms. Only a hash of the confirmation token is
 * kept; the link to stop is derived from the row's `segredo` and the installation's secret (nothing to store).
 * Written by the server only (modules/materias/acompanhamento.ts): no standard routes, only the public calls below.
 */
import { z } from 'zod';
import { f } from '../fields.ts';
import { defineResource, type ResourceDef } from '../resource.ts';
import { emailField } from '../account.ts';
import { HONEYPOT } from './sic.ts';

export { ACOMPANHAMENTO_FINALIDADE, ACOMPANHAMENTO_HORAS, ACOMPANHAMENTO_MAILS_POR_DIA } from '../acompanhamento.ts';

const positiveId = (what: string) => z.coerce.number({ error: `Informe ${what}.` }).int(`${what[0].toUpperCase()}${what.slice(2)} inválida.`)
  .positive(`Informe ${what}.`).max(2_147_483_647, `${what[0].toUpperCase()}${what.slice(2)} inválida.`);

/** A confirmation token: 32 random bytes, base64url. */
export const CONFIRM_TOKEN = /^[A-Za-z0-9_-]{43}$/;
/** A link to stop: the row's id and its signature, base64url. */
export const LEAVE_TOKEN = /^[1-9]\d{0,9}\.[A-Za-z0-9_-]{43}$/;

const token = (re: RegExp) => z.string({ error: 'Link inválido: abra o endereço exatamente como veio no e-mail.' }).trim()
  .regex(re, 'Link inválido: abra o endereço exatamente como veio no e-mail.');

export const acompanharInput = z.object({
  company_id: positiveId('a entidade'),
  email: emailField,
  nome: z.string({ error: 'Nome inválido.' }).trim().max(120, 'O nome deve ter no máximo 120 caracteres.').optional().nullable(),
  website: HONEYPOT,
});
/** the portal sends its company: a link of another company's portal is not found there */
export const confirmarInput = z.object({ token: token(CONFIRM_TOKEN), company_id: positiveId('a entidade').optional() });
export const sairInput = z.object({ token: token(LEAVE_TOKEN), company_id: positiveId('a entidade').optional() });

export const matterFollowers = defineResource({
  name: 'matter_followers', path: 'matter_followers', tenant: { column: 'company_id' },
  label: { one: 'Acompanhamento de matéria', many: 'Acompanhamentos de matéria', gender: 'm' },
  fields: {
    matter_id: f.ref({ label: 'Matéria', to: 'matters', display: 'identificacao', required: true, onDelete: 'cascade' }),
    email: f.email({ label: 'E-mail', required: true, personal: true }),
    nome: f.text({ label: 'Nome', max: 120, personal: true }),
    /** the matter and the address (lower case), unique in the company: one row per address and matter */
    chave: f.text({ label: 'Chave', max: 220, unique: true, hidden: true, writeOnly: true }),
    /** set when the address was confirmed; only confirmed rows are written to */
    confirmado_em: f.datetime({ label: 'Confirmado em', readOnly: true }),
    /** SHA-256 of the pending confirmation link's token (null once used) */
    token_hash: f.text({ label: 'Token de confirmação', max: 64, unique: 'global', hidden: true, writeOnly: true }),
    token_expira_em: f.datetime({ label: 'Confirmação expira em', hidden: true, writeOnly: true }),
    /** what the link to stop is signed with (with the installation's secret); a new one on each new request */
    segredo: f.text({ label: 'Segredo', max: 64, hidden: true, writeOnly: true }),
  },
  list: { columns: ['created_at', 'matter_id', 'confirmado_em'], sort: '-created_at', search: [], sortable: [] },
  display: 'matter_id',
  access: { read: 'nobody' },
  routes: { list: false, show: false, create: false, update: false, delete: false },
  actions: {
    public_acompanhar: {
      method: 'POST', path: '/public/materias/:id/acompanhar', access: 'public', input: acompanharInput,
      summary: 'Pede para acompanhar uma matéria pública por e-mail (sem login): envia o e-mail de confirmação (o link vale 48 horas). A resposta é a mesma para um endereço novo, pendente ou que já acompanha',
    },
    public_confirmacao: {
      method: 'GET', path: '/public/acompanhamentos/confirmar', access: 'public', input: confirmarInput,
      summary: 'A matéria de um link de confirmação ainda válido (?token=), sem confirmar (a página mostra o botão)',
    },
    public_confirmar: {
      method: 'POST', path: '/public/acompanhamentos/confirmar', access: 'public', input: confirmarInput,
      summary: 'Confirma o acompanhamento pelo link do e-mail (uso único, 48 horas)',
    },
    public_saida: {
      method: 'GET', path: '/public/acompanhamentos/sair', access: 'public', input: sairInput,
      summary: 'A matéria de um link para parar de acompanhar (?token=), sem parar (a página mostra o botão)',
    },
    public_sair: {
      method: 'POST', path: '/public/acompanhamentos/sair', access: 'public', input: sairInput,
      summary: 'Para de acompanhar (o link que vem em cada e-mail): o endereço é apagado da lista da matéria',
    },
  },
});

export const RESOURCES: readonly ResourceDef[] = [matterFollowers];
