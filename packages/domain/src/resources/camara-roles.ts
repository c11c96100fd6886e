/**
 * Who writes each family of the câmara's records (spec 1 §6): the câmara's staff (superadmin, admin, cm_admin, the
 * generic operator cm_operador) plus the family's own operator role. Shared by the matters' definitions and the
 * legislative cycle's (ciclo.ts), which must not import each other.
 */
import { R, type RoleName } from '../roles.ts';

/** Readers of every legislative entry (spec 1 §6 "Other Legislativo entries"). */
export const READ_LEGISLATIVO = R.legislativoEntries;
export const staff = (...extra: RoleName[]): readonly RoleName[] => ['superadmin', 'admin', 'cm_admin', 'cm_operador', ...extra];
export const W_MATTERS = staff('cm_operador_materias');
export const W_NORMS = staff('cm_operador_norma');
export const W_COMMISSIONS = staff('cm_operador_comissao');
export const W_SESSIONS = staff('cm_operador_sessao');
/** Readers of a family: the spec's readers plus its writers (an operator reads what they write). */
export const readers = (w: readonly RoleName[]): readonly RoleName[] => [...new Set([...READ_LEGISLATIVO, ...w])];
