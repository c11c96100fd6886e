/**
 * "Minhas pendências" never sends anyone to "Acesso não permitido": every role an inbox entry counts for, with the
 * permissions its role carries by default, passes the rules of the list screen the entry opens (its module's and
 * the screen's own). A protocol operator's "Matérias recebidas a protocolar" once led to a refusal.
 */
import { describe, expect, it } from 'vitest';
import type { RouteObject } from 'react-router';
import { resources } from '@paco/domain/resources';
import { DEFAULT_ROLE_PERMISSIONS, type RoleName } from '@paco/domain/roles';
import { moduleForPath, userAllows } from '@paco/domain/modules';
import { discoveredRoutes } from './resourceRoutes';
import type { RouteHandle } from '../shell/handle';

const screens = new Map<string, RouteHandle>();
for (const { children } of discoveredRoutes(new Set())) {
  for (const r of children as RouteObject[]) if (r.path && r.handle) screens.set(r.path, r.handle as RouteHandle);
}

describe('inbox entries open for the roles they count for', () => {
  const cases = resources.flatMap((r) => (r.inbox ?? []).flatMap((e) => (r.screen && Array.isArray(e.roles) ? (e.roles as readonly string[]).filter((role) => role !== 'superadmin').map((role) => ({ resource: r.name, key: e.key, screen: r.screen!, role })) : [])));

  it('has entries to check', () => {
    expect(cases.length).toBeGreaterThan(10);
    expect(cases).toContainEqual(expect.objectContaining({ key: 'a_protocolar', role: 'cm_operador_protocolo' }));
  });

  it.each(cases)('$resource ($key) → $screen opens for $role', ({ screen, role }) => {
    const subject = { roles: [role], permissions: [...(DEFAULT_ROLE_PERMISSIONS[role as RoleName] ?? [])] };
    const handle = screens.get(screen);
    expect(handle, `rota ${screen}`).toBeDefined();
    if (handle!.rule) expect(userAllows(handle!.rule, subject), `regra da tela ${screen}`).toBe(true);
    const mod = moduleForPath(screen);
    if (mod) expect(userAllows({ roles: mod.roles, permissions: [] }, subject), `módulo ${mod.key}`).toBe(true);
  });
});
