import { describe, expect, it } from 'vitest';
import { resourceByName } from '@paco/domain/resources';
import { allowsRule, can } from './access';
import { csvCell, toCsv } from './csv';
import { actionUrl, doneMessage, getDef, newTitle } from './defs';
import { formatText } from './format';
import { formSchema, toFormValues, toPayload } from './form/values';
import { linkSpecs } from './links/linkSpecs';

const u = (...roles: string[]) => ({ id: 1, company_id: 1, roles, permissions: [] });

describe('access', () => {
  it('follows the definition rules; superadmin always passes; routes switched off never', () => {
    const liberations = getDef('liberations');
    expect(can(liberations, 'read', u('admin'))).toBe(true);
    expect(can(liberations, 'create', u('admin'))).toBe(false);
    expect(can(liberations, 'create', u('superadmin'))).toBe(true);
    expect(can(getDef('logs'), 'update', u('superadmin'))).toBe(false);
    expect(allowsRule('authenticated', null)).toBe(false);
    expect(allowsRule('public', null)).toBe(true);
    expect(allowsRule('nobody', u('superadmin'))).toBe(false); // as the server: the call is refused
    expect(can(getDef('states'), 'create', u('superadmin'))).toBe(false);
  });
});

describe('csv', () => {
  it('quotes, neutralises formulas, BOM and CRLF', () => {
    expect(csvCell('a;b')).toBe('"a;b"');
    expect(csvCell('=SUM(A1)')).toBe("'=SUM(A1)");
    expect(csvCell('-12,50')).toBe('-12,50');
    expect(csvCell('-R$ 1,00')).toBe('-R$ 1,00');
    expect(toCsv(['A', 'B'], [['1', 'x"y']])).toBe('\uFEFFA;B\r\n1;"x""y"\r\n');
  });
});

describe('definitions', () => {
  it('wording agrees with the label gender', () => {
    expect(newTitle(getDef('roles'))).toBe('Nova Função');
    expect(doneMessage(getDef('users'), 'excluíd')).toBe('Usuário excluído com sucesso.');
    expect(doneMessage(getDef('roles'), 'criad')).toBe('Função criada com sucesso.');
  });
  it('action urls', () => {
    const roles = getDef('roles');
    expect(actionUrl(roles, roles.actions!.vincula, 3)).toBe('roles/3/vincula');
    const companies = getDef('companies');
    expect(actionUrl(companies, companies.actions!.public, 2)).toBe('companypublic/2');
  });
  it('formats by kind', () => {
    const companies = getDef('companies');
    const row = { id: 1, cnpj: '11222333000181', city_id: 9, city: { id: 9, nome: 'Ouro Preto' }, state_id: 3, state: null };
    expect(formatText(companies.fields.cnpj, 'cnpj', row)).toBe('11.222.333/0001-81');
    expect(formatText(companies.fields.city_id, 'city_id', row)).toBe('Ouro Preto');
    expect(formatText(companies.fields.state_id, 'state_id', row)).toBe('#3');
    // the server expands with the target's display field (nome), the field asks for sigla: either is shown
    expect(formatText(companies.fields.state_id, 'state_id', { state_id: 31, state: { id: 31, nome: 'Minas Gerais' } })).toBe('Minas Gerais');
    expect(formatText(companies.fields.state_id, 'state_id', { state_id: 31, state: { id: 31, sigla: 'MG' } })).toBe('MG');
    expect(formatText({ kind: 'money', label: 'Valor' }, 'v', { v: 1234.5 })).toBe('R$\u00a01.234,50');
    expect(formatText({ kind: 'bool', label: 'Ativo' }, 'v', { v: true })).toBe('Sim');
    expect(formatText({ kind: 'bool', label: 'Ativo' }, 'v', { v: null })).toBe('Não');
    expect(formatText({ kind: 'date', label: 'Data' }, 'v', { v: '2026-03-01' })).toBe('01/03/2026');
  });
});

describe('link panels come from the actions', () => {
  it('role → permissions (unlink with DELETE, list form for bulk)', () => {
    const [spec] = linkSpecs(getDef('roles'));
    expect(spec).toMatchObject({ inputKey: 'permission_id', listKey: 'permission_ids', recordKey: 'permissions' });
    expect(spec.unlink?.method).toBe('DELETE');
    expect(spec.linkAll).toBeUndefined();
  });
  it('users and admin users → roles, with *_all', () => {
    for (const name of ['users', 'admin_users']) {
      const specs = linkSpecs(getDef(name));
      expect(specs).toHaveLength(1);
      expect(specs[0]).toMatchObject({ inputKey: 'role_id', recordKey: 'roles' });
      expect(specs[0].linkAll?.path).toBe(':id/vincula_all');
      expect(specs[0].unlinkAll?.path).toBe(':id/desvincula_all');
    }
  });
  it('none for resources without vincula', () => {
    expect(linkSpecs(getDef('companies'))).toEqual([]);
  });
});

describe('form values', () => {
  const users = resourceByName.get('users')!;
  it('edit: password optional (blank keeps it) but a cleared required field is an error', () => {
    const schema = formSchema(users, 'edit');
    expect(schema.safeParse({ name: 'Ana', email: 'ana@x.com', password: '' }).success).toBe(true);
    const r = schema.safeParse({ name: '', email: 'ana@x.com', password: '' });
    expect(r.success).toBe(false);
    expect(toPayload(users, { name: 'Ana', email: 'ana@x.com', password: undefined }, 'edit')).toEqual({ name: 'Ana', email: 'ana@x.com' });
  });
  it('record → form values (masked identifiers, refs as ids)', () => {
    const companies = getDef('companies');
    const v = toFormValues(companies, { id: 1, name: 'X', cnpj: '11222333000181', state_id: 3, city_id: null, url: null });
    expect(v).toMatchObject({ name: 'X', cnpj: '11.222.333/0001-81', state_id: 3, city_id: null, url: '' });
  });
});

describe('dependent references', () => {
  it("a company's city is chosen among its state's cities", async () => {
    const { dependentRefs, dependentQuery } = await import('./defs');
    const deps = dependentRefs(getDef('companies'));
    expect(deps).toEqual({ city_id: [{ param: 'state_id', source: 'state_id' }] });
    expect(dependentQuery(deps.city_id, () => 31)).toEqual({ state_id: '31' });
    expect(dependentQuery(deps.city_id, () => null)).toBeUndefined();
  });
});

describe('datetime', () => {
  it('sends the local date-time with its offset', () => {
    const def = { ...getDef('roles'), fields: { quando: { kind: 'datetime', label: 'Quando' } } } as never;
    const out = toPayload(def, { quando: '2026-03-01T10:30' }, 'create');
    expect(String(out.quando)).toMatch(/^2026-03-01T10:30:00([+-]\d{2}:\d{2}|Z)$/);
  });
});
