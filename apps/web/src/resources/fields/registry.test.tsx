// @vitest-environment jsdom
import { useRef } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { f } from '@paco/domain/fields';
import { defineResource } from '@paco/domain/resource';
import RecordForm from '../form/RecordForm';
import { fakeApi, renderAt } from '../test/harness';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** A definition with every editable kind (not in the registry of resources: rendered through RecordForm directly). */
const kitchen = defineResource({
  name: 'kitchen', path: 'kitchen', tenant: false,
  label: { one: 'Teste', many: 'Testes', gender: 'm' },
  fields: {
    nome: f.text({ label: 'Nome', required: true }),
    obs: f.longtext({ label: 'Observações' }),
    valor: f.money({ label: 'Valor' }),
    peso: f.decimal({ label: 'Peso' }),
    qtd: f.int({ label: 'Quantidade' }),
    ativo: f.bool({ label: 'Ativo' }),
    data: f.date({ label: 'Data' }),
    hora: f.time({ label: 'Hora' }),
    tipo: f.select({ label: 'Tipo', options: [{ value: 'a', label: 'Tipo A' }, { value: 'b', label: 'Tipo B' }] }),
    cor: f.color({ label: 'Cor' }),
    cpf: f.cpf({ label: 'CPF' }),
    cep: f.cep({ label: 'CEP' }),
    fone: f.phone({ label: 'Telefone' }),
    extra: f.json({ label: 'Extra' }),
  },
  list: { columns: ['nome'], sort: 'nome', search: ['nome'] },
  display: 'nome',
  access: { read: 'authenticated', create: 'authenticated', update: 'authenticated' },
});

function Form() {
  const allow = useRef(false);
  return <RecordForm def={kitchen} mode="create" record={null} canDelete={false} onDelete={() => undefined} allowNav={allow} />;
}

describe('field registry', () => {
  // fourteen MUI inputs: the first render is slow on a busy 2-core machine
  it('renders one input per kind and sends the values the schema expects', { timeout: 30_000 }, async () => {
    const api = fakeApi((r) => (r.method === 'POST' ? { status: 201, body: { data: { id: 1 } } } : undefined));
    renderAt(<Form />, { path: '/kitchen/:id', route: '/kitchen/new' });
    // getByLabelText: getByRole computes every accessible name of a big form on each call (slow in jsdom)
    const box = (label: RegExp | string) => screen.getByLabelText(label, { selector: 'input, textarea' });

    const set = (el: HTMLElement, value: string) => fireEvent.change(el, { target: { value } });
    set(box(/^Nome/), 'Item');
    set(box('Observações'), 'linha 1\nlinha 2');
    set(box('Valor'), '123456');
    expect((box('Valor') as HTMLInputElement).value).toBe('1.234,56');
    set(box('Peso'), '1,5');
    set(box('Quantidade'), '4a2');
    expect((box('Quantidade') as HTMLInputElement).value).toBe('42');
    fireEvent.click(screen.getByLabelText('Ativo'));
    fireEvent.change(screen.getByLabelText('Data'), { target: { value: '2026-03-01' } });
    fireEvent.change(screen.getByLabelText('Hora'), { target: { value: '09:15' } });
    fireEvent.mouseDown(screen.getByText('Tipo', { selector: 'label' }).parentElement!.querySelector('[role="combobox"]')!);
    fireEvent.click(await screen.findByRole('option', { name: 'Tipo B' }));
    set(box('Cor'), '#FF0000');
    set(box('CPF'), '52998224725');
    expect((box('CPF') as HTMLInputElement).value).toBe('529.982.247-25');
    set(box('CEP'), '01310100');
    expect((box('CEP') as HTMLInputElement).value).toBe('01310-100');
    set(box('Telefone'), '31987654321');
    expect((box('Telefone') as HTMLInputElement).value).toBe('(31) 98765-4321');
    fireEvent.change(box('Extra'), { target: { value: '{"a": 1}' } });

    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(api.calls.some((c) => c.method === 'POST')).toBe(true));
    expect(api.calls.find((c) => c.method === 'POST')!.body).toEqual({
      nome: 'Item', obs: 'linha 1\nlinha 2', valor: 1234.56, peso: 1.5, qtd: 42, ativo: true, data: '2026-03-01', hora: '09:15',
      tipo: 'b', cor: '#FF0000', cpf: '52998224725', cep: '01310100', fone: '31987654321', extra: { a: 1 },
    });
  });

  it('shows the shared schema messages (invalid CPF, bad JSON)', async () => {
    const api = fakeApi(() => undefined);
    renderAt(<Form />, { path: '/kitchen/:id', route: '/kitchen/new' });
    const box = (label: RegExp | string) => screen.getByLabelText(label, { selector: 'input, textarea' });
    fireEvent.change(box(/^Nome/), { target: { value: 'Item' } });
    fireEvent.change(box('CPF'), { target: { value: '11111111111' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('CPF inválido.')).toBeTruthy();

    fireEvent.change(box('CPF'), { target: { value: '' } });
    fireEvent.change(box('Extra'), { target: { value: '{a:' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('JSON inválido.')).toBeTruthy();
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);
  });
});
