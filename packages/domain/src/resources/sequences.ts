/**
 * Atomic yearly protocol counters per company (no routes): a manifestação's or a request for information's number
 * `NNNNNN/AAAA` is the counter's next value for its company and year.
 */
import { f } from '../fields.ts';
import { defineResource } from '../resource.ts';

export const yearlySequence = (name: string) =>
  defineResource({
    name, path: name, tenant: { column: 'company_id' },
    label: { one: 'Sequência de protocolo', many: 'Sequências de protocolo', gender: 'f' },
    fields: {
      ano: f.int({ label: 'Ano', required: true, unique: true }),
      ultimo: f.int({ label: 'Último número', required: true }),
    },
    list: { columns: ['ano', 'ultimo'], sort: 'ano', search: [] },
    display: 'ano',
    access: { read: 'nobody' },
    routes: { list: false, show: false, create: false, update: false, delete: false },
  });
