import { describe, expect, it } from 'vitest';
import { defineResource } from './resource.ts';
import { f } from './fields.ts';

/** A sub-list served by the parent's own actions (`calls`) and a link whose "Adicionar" is an owner action (`create`). */
const base = {
  name: 'parents', path: 'parents', tenant: { column: 'company_id' as const },
  label: { one: 'Pai', many: 'Pais' }, fields: { name: f.text({ label: 'Nome' }) },
  list: { columns: ['name'] as const, sort: 'name', search: [] }, display: 'name' as const, access: { read: 'authenticated' as const },
};
const actions = {
  rows: { method: 'GET' as const, path: ':id/rows', summary: 'x', access: 'authenticated' as const },
  add_row: { method: 'POST' as const, path: ':id/add_row', summary: 'x', access: ['admin'] as const },
  del_row: { method: 'DELETE' as const, path: ':parent/rows/:id', summary: 'x', access: ['admin'] as const },
  list_all: { method: 'GET' as const, path: 'all', summary: 'x', access: 'authenticated' as const },
};

describe('children calls and links create', () => {
  it('accepts actions on one record, the remove naming the record and the child', () => {
    expect(() => defineResource({ ...base, actions, children: { rows: { resource: 'contacts', calls: { list: 'rows', add: 'add_row', remove: 'del_row' } } } })).not.toThrow();
    expect(() => defineResource({ ...base, actions, links: { contacts: { target: 'contacts', create: { action: 'add_row' } } } })).not.toThrow();
  });

  it('refuses what the screen could not call', () => {
    // an action that is not on one record, of the wrong method, missing; the remove without the child's id
    expect(() => defineResource({ ...base, actions, children: { rows: { resource: 'contacts', calls: { list: 'list_all' } } } })).toThrow(/list_all/);
    expect(() => defineResource({ ...base, actions, children: { rows: { resource: 'contacts', calls: { list: 'add_row' } } } })).toThrow(/add_row/);
    expect(() => defineResource({ ...base, actions, children: { rows: { resource: 'contacts', calls: { list: 'nope' } } } })).toThrow(/nope/);
    expect(() => defineResource({ ...base, actions, children: { rows: { resource: 'contacts', calls: { list: 'rows', remove: 'add_row' } } } })).toThrow(/add_row/);
    // calls replace the engine's list/add/remove; without calls the fk is needed
    expect(() => defineResource({ ...base, actions, children: { rows: { resource: 'contacts', list: 'rows', calls: { list: 'rows' } } } })).toThrow(/calls replace/);
    expect(() => defineResource({ ...base, actions, children: { rows: { resource: 'contacts' } } })).toThrow(/fk/);
    expect(() => defineResource({ ...base, actions, links: { contacts: { target: 'contacts', create: { action: 'rows' } } } })).toThrow(/rows/);
  });
});
