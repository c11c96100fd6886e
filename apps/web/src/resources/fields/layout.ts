import type { FieldKind } from '@paco/domain/fields';

/** Kinds that take a whole row of the form grid. */
export const WIDE_KINDS: ReadonlySet<FieldKind> = new Set(['longtext', 'json', 'file']);
