// @vitest-environment jsdom
/**
 * Sub-list tabs served by the record's own actions (children `calls`: an event's photos) and link tabs whose
 * "Adicionar" creates the target through an action of the owner (links `create`: a person's contacts).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { getDef } from '../defs';
import ResourceFormPage from '../ResourceFormPage';
import { fakeApi, renderAt } from '../test/harness';
import { childSpecs, relationLinkSpecs } from './specs';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const event = { id: 3, title: 'Feira de Ciências', dataInicio: '2026-12-10T12:00:00Z', local: 'Escola' };
const photo = { id: 41, event_id: 3, description: 'Abertura', photo: { url: '/files/a.png', name: 'a.png', mime: 'image/png', size: 10 }, created_at: '2026-11-29T12:00:00Z' };

describe('specs of sub-lists served by actions', () => {
  it('take the URLs, method and rules of the declared actions', () => {
    const events = getDef('events');
    const s = childSpecs(events).find((x) => x.name === 'photos')!;
    expect(s.listUrl(3)).toBe('events/3/get_photos');
    expect(s.addUrl!(3)).toBe('events/3/add_photo');
    expect(s.removeUrl!(3, 41)).toBe('events/3/delete_photos/41');
    expect(s.removeMethod).toBe('DELETE');
    expect(s.readRule).toBe(events.actions!.get_photos.access);

    const parl = childSpecs(getDef('parliamentaries'));
    const matters = parl.find((x) => x.name === 'matters')!;
    expect(matters.listUrl(9)).toBe('parliamentaries/9/get_matters');
    expect(matters.addUrl).toBeUndefined();
    expect(parl.find((x) => x.name === 'propositions')!.addUrl!(9)).toBe('parliamentaries/9/add_proposition');
    expect(childSpecs(getDef('commissions')).find((x) => x.name === 'tramitation')!.listUrl(2)).toBe('commissions/2/tramitation_matters');

    const people = relationLinkSpecs(getDef('people')).find((x) => x.name === 'contacts')!;
    expect(people.createUrl!(7)).toBe('people/7/add_contact');
    expect(people.removeUrl!(7, 31)).toBe('people/7/remove_contact/31');
    expect(relationLinkSpecs(getDef('secretarias')).find((x) => x.name === 'contacts')!.createUrl!(4)).toBe('secretarias/4/add_contact');
  });
});

describe('event photos tab', () => {
  it('lists without a page, sends the caption and the photo in one multipart call, removes after confirming', { timeout: 40_000 }, async () => {
    URL.createObjectURL = vi.fn(() => 'blob:preview');
    URL.revokeObjectURL = vi.fn();
    let rows = [photo];
    const api = fakeApi((r) => {
      if (r.method === 'POST' && r.path === 'events/3/add_photo') {
        const form = r.body as FormData;
        const created = { ...photo, id: 42, description: String(form.get('description')) };
        rows = [...rows, created];
        return { status: 201, body: { data: created } };
      }
      if (r.method === 'DELETE' && r.path === 'events/3/delete_photos/41') {
        rows = rows.filter((x) => x.id !== 41);
        return { status: 204 };
      }
      // the action answers { data } alone
      if (r.path === 'events/3/get_photos') return { body: { data: rows } };
      if (r.path === 'events/3') return { body: { data: event } };
      return undefined;
    });
    renderAt(<ResourceFormPage resource="events" />, { path: '/site/events/:id', route: '/site/events/3' });
    fireEvent.click(await screen.findByRole('tab', { name: 'Fotos' }));
    const panel = await screen.findByRole('tabpanel', { name: 'Fotos' });
    const table = await within(panel).findByRole('table', { name: 'Fotos' });
    expect(within(table).getByText('Abertura')).toBeTruthy();
    expect(within(panel).getByText('(1)')).toBeTruthy();
    // the event is not a column; nothing to edit (the photo has no update call)
    expect(within(table).queryByText('Evento')).toBeNull();
    expect(within(table).queryByRole('button', { name: /^Editar/ })).toBeNull();

    fireEvent.click(within(panel).getByRole('button', { name: 'Adicionar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Adicionar foto' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Legenda' }), 'Premiação');
    const png = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0])], 'premiacao.png', { type: 'image/png' });
    fireEvent.change(dialog.querySelector('input[type="file"]')!, { target: { files: [png] } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(api.calls.some((c) => c.path === 'events/3/add_photo')).toBe(true));
    const form = api.calls.find((c) => c.path === 'events/3/add_photo')!.body as FormData;
    expect(form).toBeInstanceOf(FormData);
    // the fields before the file: the server reads those sent before it
    expect([...form.keys()]).toEqual(['description', 'photo']);
    expect(form.get('description')).toBe('Premiação');
    expect((form.get('photo') as File).name).toBe('premiacao.png');
    // no separate upload call
    expect(api.calls.some((c) => c.path.includes('upload'))).toBe(false);
    expect(await within(panel).findByText('Premiação')).toBeTruthy();

    fireEvent.click(await within(panel).findByRole('button', { name: 'Remover Abertura' }));
    const confirm = await screen.findByRole('dialog', { name: 'Remover esta foto?' });
    expect(api.calls.some((c) => c.method === 'DELETE')).toBe(false);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Remover' }));
    await waitFor(() => expect(api.calls.some((c) => c.method === 'DELETE' && c.path === 'events/3/delete_photos/41')).toBe(true));
    await waitFor(() => expect(within(panel).queryByText('Abertura')).toBeNull());
  });

  it('is not shown to a role that may not run its list call', async () => {
    fakeApi((r) => (r.path === 'events/3' ? { body: { data: event } } : undefined));
    renderAt(<ResourceFormPage resource="events" />, { path: '/site/events/:id', route: '/site/events/3', roles: ['pessoal'] });
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('tab', { name: 'Fotos' })).toBeNull();
  });
});

describe('contacts of a person (link with create)', () => {
  const person = { id: 7, name: 'Joana Pereira' };
  it('"Adicionar" opens the contact form without its user and posts it to the add call', { timeout: 30_000 }, async () => {
    let linked: Record<string, unknown>[] = [];
    const api = fakeApi((r) => {
      if (r.method === 'POST' && r.path === 'people/7/add_contact') {
        const created = { id: 50, ...(r.body as object) };
        linked = [created];
        return { status: 201, body: { data: created } };
      }
      if (r.path === 'people/7/contacts') return { body: { data: linked, meta: { page: 1, perPage: linked.length, total: linked.length } } };
      if (r.path === 'people/7') return { body: { data: person } };
      return undefined;
    });
    renderAt(<ResourceFormPage resource="people" />, { path: '/settings/people/:id', route: '/settings/people/7' });
    fireEvent.click(await screen.findByRole('tab', { name: 'Contatos' }));
    const panel = await screen.findByRole('tabpanel', { name: 'Contatos' });
    fireEvent.click(await within(panel).findByRole('button', { name: 'Adicionar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Adicionar contato' });
    expect(within(dialog).queryByRole('combobox', { name: 'Usuário' })).toBeNull();
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Descrição/ }), 'Celular');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(api.calls.find((c) => c.path === 'people/7/add_contact')).toMatchObject({ method: 'POST', body: { description: 'Celular' } }));
    expect('user_id' in (api.calls.find((c) => c.path === 'people/7/add_contact')!.body as object)).toBe(false);
    expect(await within(panel).findByText('Celular')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Adicionar contato' })).toBeNull());
  });
});
