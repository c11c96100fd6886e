/**
 * (d) Tenant isolation through the API: an admin of the Prefeitura cannot see, change or delete a user of
 * the Câmara (404, as if it did not exist), and does not find them in lists.
 */
import { ACCOUNTS, bearer, expect, test } from './helpers.ts';

interface UserRow { id: number; email: string; company_id?: number }

test('admin da Prefeitura não alcança usuários da Câmara', async ({ request, tokenOf }) => {
  const camara = await tokenOf(ACCOUNTS.admin.email);
  const prefeitura = await tokenOf(ACCOUNTS.adminPrefeitura.email);

  // the Câmara admin finds the vereador
  const list = await request.get('/api/admin/users', { headers: bearer(camara), params: { q: 'vereador@paco.demo' } });
  expect(list.status(), await list.text()).toBe(200);
  const vereador = ((await list.json()) as { data: UserRow[] }).data.find((u) => u.email === ACCOUNTS.vereador.email);
  expect(vereador, 'o admin da Câmara encontra o vereador').toBeTruthy();
  const id = vereador!.id;
  expect((await request.get(`/api/admin/users/${id}`, { headers: bearer(camara) })).status()).toBe(200);

  // the Prefeitura admin gets 404 for every kind of access by id
  const h = bearer(prefeitura);
  expect((await request.get(`/api/admin/users/${id}`, { headers: h })).status()).toBe(404);
  expect((await request.get(`/api/users/${id}`, { headers: h })).status()).toBe(404);
  const valid = { name: 'Invasor', email: `invasor.${Date.now()}@paco.demo`, password: 'senha-forte-123' };
  expect((await request.put(`/api/admin/users/${id}`, { headers: h, data: valid })).status()).toBe(404);
  expect((await request.post(`/api/admin/users/${id}?_method=PUT`, { headers: h, data: valid })).status()).toBe(404);
  expect((await request.delete(`/api/admin/users/${id}`, { headers: h })).status()).toBe(404);
  expect((await request.post(`/api/admin/users/${id}/vincula`, { headers: h, data: { role_id: 1 } })).status()).toBe(404);
  expect((await request.post(`/api/admin/users/${id}/desvincula_all`, { headers: h })).status()).toBe(404);

  // nor does the Câmara user show in the Prefeitura's lists
  const other = await request.get('/api/admin/users', { headers: h, params: { q: 'vereador', perPage: 100 } });
  expect(other.status()).toBe(200);
  const rows = ((await other.json()) as { data: UserRow[] }).data;
  expect(rows.map((u) => u.email)).not.toContain(ACCOUNTS.vereador.email);
  const all = await request.get('/api/admin/users', { headers: h, params: { perPage: 100 } });
  expect(((await all.json()) as { data: UserRow[] }).data.map((u) => u.email)).not.toContain(ACCOUNTS.admin.email);

  // and the record is untouched
  const again = await request.get(`/api/admin/users/${id}`, { headers: bearer(camara) });
  expect(again.status()).toBe(200);
  expect(((await again.json()) as { data: { name: string } }).data.name).not.toBe('Invasor');
});

test('papéis sem permissão recebem 403 nas rotas de Administrativo', async ({ request, tokenOf }) => {
  const vereador = await tokenOf(ACCOUNTS.vereador.email);
  expect((await request.get('/api/admin/users', { headers: bearer(vereador) })).status()).toBe(403);
  expect((await request.get('/api/admin/users')).status()).toBe(401);
});
