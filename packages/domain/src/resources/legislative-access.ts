/**
 * Who reads and writes the legislative records (spec 1 §6): the readers of every legislative entry plus each record
 * family's writers — superadmin, admin, cm_admin, the generic operator (cm_operador) and the family's own operator.
 * Shared by the definitions of matters, norms, commissions, plenary sessions and the session's documents.
 */
import { R, type RoleName } from '../roles.ts';

/** Readers of every legislative entry (spec 1 §6 "Other Legislativo entries"). */
export const READ = R.legislativoEntries;
export const staff = (...extra: RoleName[]): readonly RoleName[] => ['superadmin', 'admin', 'cm_admin', 'cm_operador', ...extra];
export const W_MATTERS = staff('cm_operador_materias');
export const W_NORMS = staff('cm_operador_norma');
export const W_COMMISSIONS = staff('cm_operador_comissao');
export const W_SESSIONS = staff('cm_operador_sessao');
/** Matter applications and solicitations are received (situation) by the staff and the protocol operator. */
export const W_RECEIVE = staff('cm_operador_materias', 'cm_operador_protocolo');
/** Readers of a family: the spec's readers plus its writers (an operator reads what they write). */
export const readers = (w: readonly RoleName[]): readonly RoleName[] => [...new Set([...READ, ...w])];
export const rw = (w: readonly RoleName[]) => ({ read: readers(w), create: w, update: w, delete: w });
