/**
 * The behaviour registry (engine/behaviour.ts): a mistyped action, an action implemented twice or a table hooked
 * by two modules stop the app at start instead of silently doing nothing or letting one win.
 */
import { describe, expect, it } from 'vitest';
import { defineResource } from '@paco/domain/resource';
import { f } from '@paco/domain/fields';
import { defineBehaviour, hooksOf } from '../src/engine/behaviour.ts';
import '../src/modules/index.ts';

const def = (name: string) => defineResource({
  name, path: name, tenant: false, label: { one: 'Teste', many: 'Testes' },
  fields: { nome: f.text({ label: 'Nome' }) },
  list: { columns: ['nome'], sort: 'nome', search: [] }, display: 'nome', access: { read: 'authenticated' },
  actions: { fazer: { method: 'POST', path: ':id/fazer', summary: 'Faz', access: 'authenticated' } },
});

describe('behaviour registry', () => {
  it('refuses an action the definition does not declare', () => {
    expect(() => defineBehaviour(def('zz_a'), { actions: { fazr: async () => undefined } as never }, 'teste')).toThrow(/zz_a\.fazr is not an action of the definition/);
  });
  it('refuses an action implemented twice', () => {
    const d = def('zz_b');
    defineBehaviour(d, { actions: { fazer: async () => undefined } }, 'um');
    expect(() => defineBehaviour(d, { actions: { fazer: async () => undefined } }, 'outro')).toThrow(/implemented twice \(um and outro\)/);
  });
  it('refuses a table hooked by two modules', () => {
    const d = def('zz_c');
    defineBehaviour(d, { hooks: {} }, 'um');
    expect(() => defineBehaviour(d, { hooks: {} }, 'outro')).toThrow(/hooks of table zz_c are already declared by um/);
  });
  it('finds the hooks of a table for every definition of it (users and admin/users)', () => {
    expect(hooksOf({ name: 'users' })).toBeDefined();
    expect(hooksOf({ name: 'admin_users', table: 'users' })).toBe(hooksOf({ name: 'users' }));
  });
});
