/**
 * "Acompanhar matéria" (decision 0055): the numbers and the purpose text shared by the server, the portal's page and
 * the e-mails. No zod here: the portal's bundle imports it.
 */

/** Hours a confirmation link is valid. */
export const ACOMPANHAMENTO_HORAS = 48;
/** Confirmation e-mails one address may be sent per day (all matters, all companies): no mail bombing through us. */
export const ACOMPANHAMENTO_MAILS_POR_DIA = 3;

/** The purpose the portal states beside the form (LGPD, art. 9º: clear information on the use of the data). */
export const ACOMPANHAMENTO_FINALIDADE = 'Seu e-mail será usado apenas para avisar sobre o andamento desta matéria. '
  + `Enviamos primeiro um e-mail de confirmação: sem ela, nada mais é enviado, e o pedido é apagado em ${ACOMPANHAMENTO_HORAS} horas. `
  + 'Cada aviso traz um link para parar de receber a qualquer momento; ao parar, o endereço é apagado.';
