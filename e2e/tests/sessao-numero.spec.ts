/**
 * A plenary session's number is unique for its type in its legislative session (as SAPL refuses "Número de Sessão
 * Plenária já existente"): the operator who types the number of the demo's 37ª Sessão Ordinária for another date of
 * the same legislative session sees the refusal under "Número", keeps what was typed, takes another number and saves;
 * then deletes the session it made, after confirming.
 */
import { ACCOUNTS, apiLogin, bearer, expect, screenshotPath, sessionNumber, storeToken, test } from './helpers.ts';

test('Sessões Plenárias: o número repetido na sessão legislativa é recusado no formulário, sem perder o que foi digitado', async ({ page, request }) => {
  test.setTimeout(120_000);
  const { token } = await apiLogin(request, ACCOUNTS.operador.email);
  const found = await request.get('/api/plenary_sessions', { headers: bearer(token), params: { q: '37ª Sessão Ordinária', perPage: 5 } });
  const demo = ((await found.json()) as { data: { abertura: string; legislative_session_id: number }[] }).data[0]!;
  expect(demo.legislative_session_id, 'the demo 37ª has its legislative session').toBeTruthy();
  // another day of the same legislative session (the demo's sessions are a week apart)
  const day = new Date(`${demo.abertura}T12:00:00Z`);
  day.setUTCDate(day.getUTCDate() - 1);
  const other = day.toISOString().slice(0, 10).split('-').reverse().join('/');
  const br = demo.abertura.split('-').reverse().join('/');

  // the page gets a sign-in of its own (the app renews its token and revokes the one it was given)
  await storeToken(page, (await apiLogin(request, ACCOUNTS.operador.email)).token);
  await page.goto('/legislativo/plenarySessions/new');
  await page.getByRole('spinbutton', { name: /^Número/ }).or(page.getByRole('textbox', { name: /^Número/ })).first().fill('37');
  await page.getByRole('combobox', { name: /^Tipo de sessão/ }).click();
  await page.getByRole('option', { name: 'Ordinária', exact: true }).click();
  await page.getByRole('textbox', { name: /^Data de abertura/ }).fill(other);
  await page.getByRole('textbox', { name: /^Horário de início/ }).fill('09:30');
  await page.getByRole('textbox', { name: /^Ocorrências/ }).fill('Sessão marcada para a votação do orçamento.');
  await page.getByRole('button', { name: 'Salvar' }).click();

  const message = `Já existe a 37ª Sessão Ordinária nesta sessão legislativa: a de ${br}. Escolha outro número.`;
  await expect(page.getByText(message).first()).toBeVisible();
  await expect(page.getByRole('spinbutton', { name: /^Número/ }).or(page.getByRole('textbox', { name: /^Número/ })).first()).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByRole('textbox', { name: /^Ocorrências/ })).toHaveValue('Sessão marcada para a votação do orçamento.');
  expect(new URL(page.url()).pathname).toBe('/legislativo/plenarySessions/new');
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: screenshotPath('sessao-numero-repetido.png') });

  const numero = sessionNumber();
  await page.getByRole('spinbutton', { name: /^Número/ }).or(page.getByRole('textbox', { name: /^Número/ })).first().fill(String(numero));
  const created = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/plenary_sessions' && r.request().method() === 'POST');
  await page.getByRole('button', { name: 'Salvar' }).click();
  const res = await created;
  expect(res.status(), await res.text()).toBe(201);
  const id = ((await res.json()) as { data: { id: number } }).data.id;
  await page.waitForURL((u) => u.pathname === `/legislativo/plenarySessions/${id}`);
  await expect(page.getByText(`${numero}ª Sessão Ordinária de ${other}`).first()).toBeVisible();

  // the session made here goes away again, after a confirmation
  await page.getByRole('button', { name: 'Excluir' }).first().click();
  const confirm = page.getByRole('dialog', { name: /Excluir/ });
  await confirm.getByRole('button', { name: 'Excluir' }).click();
  await page.waitForURL((u) => u.pathname === '/legislativo/plenarySessions');
  expect((await request.get(`/api/plenary_sessions/${id}`, { headers: bearer(token) })).status()).toBe(404);
});
