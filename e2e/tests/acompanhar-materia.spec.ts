/**
 * "Acompanhar matéria" (decision 0055), on a phone: a citizen asks on the portal's page of a matter to follow it by
 * e-mail, reads the confirmation link in the e-mail (the server writes the messages it records to MAIL_DIR: serve.mjs),
 * opens it, confirms with the page's button and is told it worked. axe on the matter's page and on both pages of
 * the link.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { apiLogin, expect, screenshotPath, storeToken, test, uniq } from './helpers.ts';
import { noViolations } from './axe.ts';

const CM = '/portal/camara-vila-serena';
const MAIL_DIR = join(tmpdir(), `paco-e2e-${process.env.E2E_PORT ?? '3100'}`, 'mail');

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 });

/** The last message written to `to` (Para: …), or null. */
function lastMailTo(to: string): string | null {
  let files: string[] = [];
  try { files = readdirSync(MAIL_DIR).sort(); } catch { return null; }
  const mine = files.map((f) => readFileSync(join(MAIL_DIR, f), 'utf8')).filter((text) => text.startsWith(`Para: ${to}\n`));
  return mine.at(-1) ?? null;
}

test('a citizen follows a matter by e-mail from the portal, on a phone; the staff sees how many follow it', async ({ page, browser, baseURL }) => {
  const email = `cidada-${uniq()}@exemplo.com.br`;
  await page.goto(`${CM}/materias`);
  await page.locator('main').getByRole('link').filter({ hasText: /^[A-Z]+ \d+\/\d{4}/ }).first().click();
  const title = (await page.getByRole('heading', { level: 1 }).textContent())!.trim();
  const matterId = /\/materias\/(\d+)/.exec(page.url())![1];
  const box = page.getByRole('region', { name: 'Acompanhar esta matéria por e-mail' });
  await expect(box).toContainText('Seu e-mail será usado apenas para avisar sobre o andamento desta matéria.');
  await noViolations(page);

  // an address that is not one: the field says so, what was typed stays
  await box.getByRole('textbox', { name: 'E-mail (obrigatório)' }).fill('cidada-sem-arroba');
  await box.getByRole('button', { name: 'Acompanhar' }).click();
  await expect(page.getByText('Informe um e-mail válido.').first()).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'E-mail (obrigatório)' })).toHaveValue('cidada-sem-arroba');

  await page.getByRole('textbox', { name: 'E-mail (obrigatório)' }).fill(email);
  await page.getByRole('textbox', { name: 'Nome (opcional)' }).fill('Cida');
  await page.getByRole('button', { name: 'Acompanhar' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Confira seu e-mail' })).toBeVisible();
  await expect(page.getByRole('status')).toContainText(`Enviamos um e-mail para ${email}.`);

  // the e-mail: the matter named, the confirmation link and the link to stop
  await expect.poll(() => lastMailTo(email), { timeout: 10_000 }).not.toBeNull();
  const mail = lastMailTo(email)!;
  expect(mail).toContain(`Assunto: Confirme: acompanhar ${title}`);
  expect(mail).toMatch(/\/acompanhamento\/sair\?token=/);
  const link = /(http:\/\/\S+\/acompanhamento\/confirmar\?token=[A-Za-z0-9_-]{43})/.exec(mail)![1];

  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: 'Confirmar o acompanhamento' })).toBeVisible();
  await expect(page.locator('main')).toContainText(title);
  await noViolations(page, 'confirmar');
  await page.getByRole('button', { name: 'Confirmar o acompanhamento' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Acompanhamento confirmado' })).toBeVisible();
  await expect(page.getByRole('status')).toHaveText(`Pronto! Você vai receber um e-mail a cada novo passo da tramitação de ${title}. Cada e-mail traz um link para parar de receber.`);
  await noViolations(page, 'confirmado');
  await page.screenshot({ path: screenshotPath('acompanhar-materia-confirmado.png'), fullPage: true });

  // the Câmara's staff, in its own browser on a desktop: the matter's record shows how many follow it, not who
  const staff = await browser.newContext({ baseURL, viewport: { width: 1366, height: 800 } });
  const office = await staff.newPage();
  await storeToken(office, (await apiLogin(staff.request, 'admin@paco.demo')).token);
  await office.goto(`/legislativo/matters/${matterId}`);
  await expect(office.getByTestId('acompanhantes')).toHaveText(/^\d+ pessoas? acompanha(m)? por e-mail$/);
  await expect(office.getByText(email)).toHaveCount(0);
  await staff.close();
});
