import { describe, expect, it } from 'vitest';
import { ruleAllows } from './resource.ts';

const who = (roles: string[], permissions: string[] = []) => ({ roles, permissions });

describe('ruleAllows: the access check of server and screens', () => {
  it('public, authenticated and nobody', () => {
    expect(ruleAllows('public', null)).toBe(true);
    expect(ruleAllows('authenticated', null)).toBe(false);
    expect(ruleAllows('authenticated', who([]))).toBe(true);
    expect(ruleAllows('nobody', who(['superadmin']))).toBe(false);
    expect(ruleAllows(undefined, who(['superadmin']))).toBe(false);
  });

  it('a role list: any of its roles, the superadmin always', () => {
    expect(ruleAllows(['admin', 'cm_admin'], who(['cm_admin']))).toBe(true);
    expect(ruleAllows(['admin'], who(['cm_admin']))).toBe(false);
    expect(ruleAllows(['admin'], who(['superadmin']))).toBe(true);
    expect(ruleAllows(['admin'], { roles: [], permissions: [], isSuperadmin: true })).toBe(true);
  });

  it("a resource's permission holds a role list, not public routes nor the superadmin", () => {
    expect(ruleAllows(['cm_operador_materias'], who(['cm_operador_materias'], ['view_matter']), 'view_matter')).toBe(true);
    expect(ruleAllows(['cm_operador_materias'], who(['cm_operador_materias'], ['view_norm']), 'view_matter')).toBe(false);
    expect(ruleAllows(['cm_operador_materias'], who(['cm_operador_materias']))).toBe(true);
    expect(ruleAllows('public', null, 'view_matter')).toBe(true);
    expect(ruleAllows('authenticated', who([]), 'view_matter')).toBe(true);
    expect(ruleAllows(['admin'], who(['superadmin']), 'view_matter')).toBe(true);
  });
});
