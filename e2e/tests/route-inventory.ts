/**
 * Every route of the web app, from the same data the app builds its routes from (packages/domain: the modules and
 * their menus, each resource's `screen` and `alsoAt`), plus the hand-written screens of apps/web/src/app/routes.tsx
 * and routeMap.ts listed below, each with who may open it. For the browser walks (a11y-routes.spec.ts).
 */
import { MODULES, moduleForPath, menuItemFor, userAllows, type AccessSubject } from '@paco/domain/modules';
import { resources } from '@paco/domain/resources';
import { viewOf, type Rule } from '@paco/domain/resource';
import { R } from '@paco/domain/roles';

export interface RouteRule {
  roles?: readonly string[];
  permissions?: readonly string[];
}

export interface RouteEntry {
  path: string;
  /** every rule must pass (the module's and the route's), as the app's guard does */
  rules: RouteRule[];
}

/** A resource read rule as the route guard sees it (apps/web/src/app/resourceRoutes.tsx ruleOf). */
function readRule(read: Rule): RouteRule | undefined {
  if (read === 'public' || read === 'authenticated') return undefined;
  if (read === 'nobody') return { roles: ['superadmin'] };
  return { roles: ['superadmin', ...read] };
}

function moduleRules(path: string): RouteRule[] {
  const m = moduleForPath(path);
  return m ? [{ roles: m.roles, permissions: m.permissions }] : [];
}

/** A routeMap.ts `view`: the resource's list at another path, guarded by the resource's read rule. */
function view(path: string, resource: string): RouteEntry[] {
  const res = resources.find((r) => r.name === resource);
  if (!res) throw new Error(`route-inventory: recurso ${resource} não existe`);
  const read = readRule(res.access.read);
  return [{ path, rules: read ? [read] : [] }];
}

const LEG = '/legislativo';
const PARL = '/legislativo-parlamentar';
const MATTER_FORMS = ['indicacao', 'requerimento', 'mocaoaplauso', 'mocaopesar', 'projetoslei', 'projetosdecreto', 'projetosresolucao'];

/** Hand-written screens and routeMap.ts entries that are neither module homes, menu entries nor resource screens. */
const EXTRA: RouteEntry[] = [
  { path: '/', rules: [] },
  { path: '/auth/profile', rules: [{ roles: R.perfil }] },
  { path: '/auth/company', rules: [{ roles: R.superadmin }] },
  { path: '/sobre', rules: [{ roles: R.sobre }] },
  { path: `${LEG}/votar`, rules: [{ roles: R.votarMateria }] },
  { path: `${LEG}/matters/received/options`, rules: [{ roles: R.legislativoEntries }] },
  ...MATTER_FORMS.map((f) => ({ path: `${LEG}/matters/received/forms/${f}`, rules: [{ roles: R.legislativoEntries }] })),
  { path: `${LEG}/solicitation/options`, rules: [{ roles: R.legislativoEntries }] },
  ...['diaria', 'veiculo'].map((f) => ({ path: `${LEG}/solicitation/forms/${f}`, rules: [{ roles: R.legislativoEntries }] })),
  { path: `${PARL}/menu`, rules: [{ roles: R.legislativoEntries }] },
  ...MATTER_FORMS.map((f) => ({ path: `${PARL}/matters/form/${f}`, rules: [{ roles: R.legislativoEntries }] })),
  ...['diaria', 'veiculo'].map((f) => ({ path: `${PARL}/solicitation/form/${f}`, rules: [{ roles: R.legislativoEntries }] })),
  { path: `${LEG}/newPainel/1`, rules: [{ roles: ['superadmin', 'admin', 'cm_admin', 'cm_operador', 'cm_operador_sessao', 'cm_operador_painel'] }] },
  { path: `${LEG}/votacao`, rules: [{ roles: R.legislativoModule }] },
  // routeMap.ts views of a resource at a path of their own (not a menu entry nor the resource's screen)
  ...view(`${LEG}/registered`, 'matters'),
  ...view(`${LEG}/links`, 'links'),
  ...view('/licitacao/agents', 'agents'),
];

/** Routes that need no session (the guard lets them through), walked without signing in. */
export const GUEST_ROUTES = ['/auth/login', '/auth/register', '/auth/reset-password', '/legislativo/painel-eletronico', '/rota-que-nao-existe'];

/** The signed-in routes, each once, in a stable order. */
export function signedInRoutes(): RouteEntry[] {
  const out = new Map<string, RouteEntry>();
  const add = (e: RouteEntry) => {
    if (!out.has(e.path)) out.set(e.path, e);
  };
  for (const e of EXTRA) add({ path: e.path, rules: [...moduleRules(e.path), ...e.rules] });
  for (const m of MODULES) {
    add({ path: m.to, rules: [{ roles: m.roles, permissions: m.permissions }] });
    for (const it of m.menu) add({ path: it.to, rules: [...moduleRules(it.to), { roles: it.roles, permissions: it.permissions }] });
  }
  // resource screens: the resource's read rule (menu entries at the same path were added above with theirs; the read
  // rule is added to them too, as the app's route carries both)
  for (const res of resources) {
    const read = readRule(res.access.read);
    for (const v of [...(res.screen ? [res.screen] : []), ...(res.alsoAt ?? []).map((x) => viewOf(x).path)]) {
      const item = menuItemFor(v);
      const rules = [...moduleRules(v), ...(read ? [read] : []), ...(item ? [{ permissions: item.permissions }] : [])];
      const have = out.get(v);
      if (have) have.rules.push(...(read ? [read] : []));
      else add({ path: v, rules });
    }
  }
  return [...out.values()];
}

export const opens = (route: RouteEntry, user: AccessSubject): boolean => route.rules.every((r) => userAllows(r, user));
