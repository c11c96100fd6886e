/**
 * The account calls of the contract (spec 1 §4, §8: sign-in, session, own profile, self-registration, password reset,
 * front-end error reports, "Minhas pendências"). They belong to no resource, but are declared like a definition's
 * actions: the server registers each at its path with its input schema (apps/server/src/auth), and the web calls it
 * by name (`call(account, 'login', …)`, apps/web/src/api/account.ts). One declaration, two sides: the paths and
 * methods are in account-paths.ts, without zod, so the sign-in screen does not download the schemas.
 */
import { z } from 'zod';
import type { ActionDef } from './resource.ts';
import { ACCOUNT_PATHS } from './account-paths.ts';

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

export const nameField = z
  .string({ error: (iss) => (iss.input === undefined || iss.input === null ? 'Informe o nome.' : 'Nome inválido.') })
  .trim()
  .min(1, 'Informe o nome.')
  .max(150, 'O nome deve ter no máximo 150 caracteres.');

export const emailField = z
  .string({ error: (iss) => (iss.input === undefined || iss.input === null ? 'Informe o e-mail.' : 'E-mail inválido.') })
  .trim()
  .toLowerCase()
  .min(1, 'Informe o e-mail.')
  .max(191, 'O e-mail deve ter no máximo 191 caracteres.')
  .pipe(z.email('Informe um e-mail válido.'));

export const passwordField = z
  .string({ error: (iss) => (iss.input === undefined || iss.input === null ? 'Informe a senha.' : 'Senha inválida.') })
  .min(1, { message: 'Informe a senha.', abort: true })
  .min(PASSWORD_MIN, `A senha deve ter no mínimo ${PASSWORD_MIN} caracteres.`)
  .max(PASSWORD_MAX, `A senha deve ter no máximo ${PASSWORD_MAX} caracteres.`);

export const confirmationField = z
  .string({ error: (iss) => (iss.input === undefined || iss.input === null ? 'Confirme a senha.' : 'Confirmação de senha inválida.') })
  .min(1, { message: 'Confirme a senha.', abort: true })
  .max(PASSWORD_MAX, 'A confirmação da senha não confere.');

export const CONFIRMATION_MISMATCH = 'A confirmação da senha não confere.';

/**
 * Object-level check that password_confirmation equals password. Runs even when other fields failed (`when`),
 * so the form gets every message at once.
 */
export function withConfirmation<T extends z.ZodObject>(schema: T, opts: { optional?: boolean } = {}): T {
  return schema.superRefine((v: Record<string, unknown>, ctx) => {
    const pw = v.password;
    const conf = v.password_confirmation;
    if (pw === undefined || pw === null || pw === '') return;
    if (conf === undefined || conf === null || conf === '') {
      // the required variant already says "Confirme a senha." on the field itself
      if (opts.optional) ctx.addIssue({ code: 'custom', path: ['password_confirmation'], message: 'Confirme a nova senha.' });
      return;
    }
    if (conf !== pw) {
      ctx.addIssue({ code: 'custom', path: ['password_confirmation'], message: CONFIRMATION_MISMATCH });
    }
  }, {
    when: (payload) => {
      const v = payload.value as Record<string, unknown> | null;
      return !!v && typeof v === 'object' && typeof v.password === 'string' && (v.password_confirmation === undefined || v.password_confirmation === null || typeof v.password_confirmation === 'string');
    },
  }) as unknown as T;
}

/** '' and null count as "not sent" (form payloads). */
export const blankToUndefined = (v: unknown): unknown => (v === '' || v === null ? undefined : v);

/** The answer to a reset link that is unknown, used or expired. */
export const INVALID_LINK = 'Link inválido ou expirado. Solicite um novo.';

const loginInput = z.object({
  email: z.string({ error: 'Informe o e-mail.' }).trim().toLowerCase().min(1, 'Informe o e-mail.').max(191, 'E-mail muito longo.'),
  password: z.string({ error: 'Informe a senha.' }).min(1, 'Informe a senha.').max(128, 'Senha muito longa.'),
});

const forgotInput = z.object({ email: emailField });

const resetInput = withConfirmation(z.object({
  token: z.string({ error: INVALID_LINK }).trim().min(1, INVALID_LINK).max(200, INVALID_LINK),
  password: passwordField,
  password_confirmation: confirmationField,
}));

const registerInput = withConfirmation(z.object({
  name: nameField,
  email: emailField,
  password: passwordField,
  password_confirmation: confirmationField,
  company_id: z.coerce
    .number({ error: 'Informe a entidade.' })
    .int('Entidade inválida.')
    .positive('Informe a entidade.')
    .max(2_147_483_647, 'Entidade inválida.'),
}));

const optionalText = <T extends z.ZodType<string>>(schema: T, hint: Record<string, unknown>) =>
  z.preprocess(blankToUndefined, schema.optional()).meta({ type: 'string', ...hint });

const profileInput = withConfirmation(z.object({
  name: nameField.optional(),
  current_password: optionalText(z.string({ error: 'Senha atual inválida.' }).max(PASSWORD_MAX, 'Senha atual incorreta.'), { description: 'Senha atual (exigida para trocar a senha)' }),
  password: optionalText(passwordField, { description: 'Nova senha', minLength: 8, maxLength: PASSWORD_MAX }),
  password_confirmation: optionalText(z.string({ error: 'Confirmação de senha inválida.' }).max(PASSWORD_MAX, 'A confirmação da senha não confere.'), { description: 'Confirmação da nova senha' }),
}), { optional: true });

const companyInput = z.object({ company_id: z.coerce.number({ error: 'Escolha a entidade.' }).int().positive('Escolha a entidade.') });

export const FRONT_LOG_TYPES = ['error', 'uncaught', 'promise'] as const;

/** Text cut to `max` characters (a long report is kept, not refused). Numbers are accepted and kept as text. */
const capped = (max: number, label: string) =>
  z.preprocess(
    (v) => (typeof v === 'number' ? String(v) : v),
    z.string({ error: `O campo ${label} deve ser um texto.` }).transform((v) => v.slice(0, max)),
  ).meta({ type: 'string', description: `${label}: textos maiores são cortados em ${max} caracteres` });

const frontLogInput = z.object({
  timestamp: capped(40, 'timestamp').nullish(),
  type: z.enum(FRONT_LOG_TYPES, { error: 'Tipo inválido: use error, uncaught ou promise.' }),
  url: capped(2048, 'url').nullish(),
  useAgent: capped(512, 'useAgent').nullish(),
  message: z.preprocess((v) => (v === undefined || v === null ? '' : v), capped(5000, 'message'))
    .refine((v) => v.trim().length > 0, 'Informe a mensagem.'),
});

export const ACCOUNT_CALLS = {
  login: { ...ACCOUNT_PATHS.login, summary: 'Entra no sistema', input: loginInput, access: 'public' },
  load_user: { ...ACCOUNT_PATHS.load_user, summary: 'Usuário da sessão', access: 'authenticated' },
  load_session: { ...ACCOUNT_PATHS.load_session, summary: 'Renova o token (o anterior deixa de valer)', access: 'authenticated' },
  logout: { ...ACCOUNT_PATHS.logout, summary: 'Sai do sistema (revoga o token)', access: 'authenticated' },
  choose_company: { ...ACCOUNT_PATHS.choose_company, summary: 'Superadmin: escolhe a entidade em que atua', input: companyInput, access: ['superadmin'] },
  forgot_password: { ...ACCOUNT_PATHS.forgot_password, summary: 'Pede o link de redefinição de senha', input: forgotInput, access: 'public' },
  reset_password: { ...ACCOUNT_PATHS.reset_password, summary: 'Redefine a senha pelo link recebido', input: resetInput, access: 'public' },
  register: { ...ACCOUNT_PATHS.register, summary: 'Cadastro do próprio usuário (artista)', input: registerInput, access: 'public' },
  profile: { ...ACCOUNT_PATHS.profile, summary: 'Altera o próprio nome e/ou a própria senha', input: profileInput, access: 'authenticated' },
  /** multipart/form-data with the image in "photo" (the web sends the form data as it is) */
  profile_photo: { ...ACCOUNT_PATHS.profile_photo, summary: 'Envia a própria foto', access: 'authenticated' },
  front_log: { ...ACCOUNT_PATHS.front_log, summary: 'Registra um erro do front-end (com sessão)', input: frontLogInput, access: 'authenticated' },
  front_log_public: { ...ACCOUNT_PATHS.front_log_public, summary: 'Registra um erro do front-end (sem sessão)', input: frontLogInput, access: 'public' },
  inbox: { ...ACCOUNT_PATHS.inbox, summary: 'Minhas pendências: contagem por tipo', access: 'authenticated' },
  /** LGPD art. 18, II and V: the signed-in person's own data as a JSON download (docs/decisions/0049) */
  my_data: { ...ACCOUNT_PATHS.my_data, summary: 'Meus dados (LGPD): baixa, em JSON, os dados pessoais do próprio usuário', access: 'authenticated' },
  privacy_contact: { ...ACCOUNT_PATHS.privacy_contact, summary: 'Meus dados (LGPD): a quem pedir correção ou exclusão dos dados', access: 'authenticated' },
} as const satisfies Record<keyof typeof ACCOUNT_PATHS, ActionDef>;

/** Meus dados (LGPD): whom to ask for correction or deletion, when the company gives no contact (server and screens). */
export const PRIVACY_CONTACT_GENERIC =
  'Para pedir a correção, a atualização ou a exclusão dos seus dados, procure a Ouvidoria ou o encarregado pelo tratamento de dados pessoais da sua entidade.';

/** The account calls as a definition-like target of the web's typed client (paths from the API root). */
export const account = { path: '', actions: ACCOUNT_CALLS } as const;

/** The server's URL of an account call. */
export const accountUrl = (name: keyof typeof ACCOUNT_CALLS): string => `/api${ACCOUNT_CALLS[name].path}`;
