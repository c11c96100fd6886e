/**
 * The companies' number sequences (no routes): the last number given in each sequence a field declares
 * (`sequence` in fields.ts: a matter's number in its type and year, a manifestação's protocol in its year, a norm's
 * number) and the NUP of processes per unit and year. `chave` names the sequence: the resource, the field and the
 * values that set it apart, `matters.numero:type_id=3,ano=2026`. Taken and advanced by engine/sequences.ts only.
 */
import { f } from '../fields.ts';
import { defineResource } from '../resource.ts';

export const sequences = defineResource({
  name: 'sequences', path: 'sequences', tenant: { column: 'company_id' },
  label: { one: 'Sequência', many: 'Sequências', gender: 'f' },
  fields: {
    chave: f.text({ label: 'Sequência', max: 200, required: true, unique: true }),
    ultimo: f.int({ label: 'Último número', required: true }),
  },
  list: { columns: ['chave', 'ultimo'], sort: 'chave', search: [], sortable: [] },
  display: 'chave',
  access: { read: 'nobody' },
  routes: { list: false, show: false, create: false, update: false, delete: false },
});
