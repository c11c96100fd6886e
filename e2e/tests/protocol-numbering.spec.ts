/**
 * Decision 0048, on the screen: the Câmara's administrator opens Configurações › Numeração de Processos, is told why a
 * mask cannot number (by the server too), picks the preset "SSSSSS/AAAA" and saves; a protocol clerk of the Câmara
 * (who may not open the setting) then opens a process on the form and it is numbered in that shape. The Câmara,
 * because no other spec opens processes there (the Prefeitura's specs run beside this one); the NUP is put back at
 * the end.
 */
import { apiLogin, bearer, createUser, expect, screenshotPath, signInWithForm, test, uniq } from './helpers.ts';
import { noSeriousViolations } from './axe.ts';

const NUP = 'UUUUU.SSSSSS/AAAA-DD';

test('Numeração de Processos: o administrador escolhe a máscara e o protocolo numera o processo seguinte com ela', async ({ browser, request }) => {
  test.setTimeout(150_000);
  const admin = await apiLogin(request, 'admin@paco.demo');
  const clerk = await createUser(request, admin.token, ['protocolo']);
  const procedure = `Requerimento de cópia ${uniq()}`;
  const created = await request.post('/api/procedures', { headers: bearer(admin.token), data: { name: procedure } });
  expect(created.status(), await created.text()).toBe(201);
  const year = Number(new Date().toLocaleDateString('sv-SE', { timeZone: 'America/Sao_Paulo' }).slice(0, 4));

  try {
    const adminCtx = await browser.newContext();
    const page = await adminCtx.newPage();
    await signInWithForm(page, 'admin@paco.demo');
    await page.goto('/settings');
    await page.getByRole('link', { name: 'Numeração de Processos' }).first().click();
    await page.waitForURL((u) => u.pathname === '/settings/protocolNumbering');
    await expect(page.getByRole('heading', { level: 1, name: 'Numeração de Processos' })).toBeVisible();
    const mask = page.getByRole('textbox', { name: /^Máscara do número/ });
    await expect(mask).toHaveValue(NUP);
    await expect(page.getByTestId('protocol-number-example')).toContainText(`00101.000001/${year}-`);

    // a mask with too short a sequence: told as it is typed, and refused by the server when saved anyway
    await mask.fill('SS/AAAA');
    await expect(page.getByText('A sequência precisa de ao menos 3 dígitos (SSS).')).toBeVisible();
    const refused = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/protocol_settings/current' && r.request().method() === 'PUT');
    await page.getByRole('button', { name: 'Salvar' }).click();
    expect((await refused).status()).toBe(422);
    await expect(page.getByText('A sequência precisa de ao menos 3 dígitos (SSS).')).toBeVisible();
    await expect(mask).toHaveAttribute('aria-invalid', 'true');
    await noSeriousViolations(page);

    // the preset without unit and check digits
    await page.getByRole('combobox', { name: 'Modelo' }).click();
    await page.getByRole('option', { name: /^SSSSSS\/AAAA — / }).click();
    await expect(mask).toHaveValue('SSSSSS/AAAA');
    await expect(page.getByTestId('protocol-number-example')).toContainText(`000001/${year} (1º processo de ${year})`);
    await expect(page.getByText(/os processos já cadastrados mantêm os seus números/)).toBeVisible();
    const saved = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/protocol_settings/current' && r.request().method() === 'PUT');
    await page.getByRole('button', { name: 'Salvar' }).click();
    expect((await saved).status()).toBe(200);
    await expect(page.getByText('Numeração de processos salva.')).toBeVisible();
    await page.screenshot({ path: screenshotPath('protocol-numbering-settings.png'), fullPage: true });
    await adminCtx.close();

    // the clerk opens a process on the form
    const clerkCtx = await browser.newContext();
    const form = await clerkCtx.newPage();
    await signInWithForm(form, clerk.email, clerk.password);
    // the setting is the administrators': the clerk neither sees its menu entry nor opens it
    await form.goto('/settings');
    await expect(form.getByRole('link', { name: 'Feriados' }).first()).toBeVisible();
    await expect(form.getByRole('link', { name: 'Numeração de Processos' })).toHaveCount(0);
    await form.goto('/settings/protocolNumbering');
    await expect(form.getByText('Acesso não permitido', { exact: true })).toBeVisible();
    await form.goto('/protocol/processes/new');
    const pick = async (label: RegExp, text: string) => {
      const box = form.getByRole('combobox', { name: label });
      await box.click();
      await box.fill(text);
      await form.getByRole('option', { name: new RegExp(text) }).first().click();
    };
    await pick(/^Procedimento/, procedure);
    await pick(/^Setor de origem/, 'Protocolo da Câmara');
    await form.getByLabel(/^Objeto/).fill('Cópia da ata da sessão de abertura.');
    await expect(form.getByText(/com a máscara da entidade/)).toBeVisible();
    const opened = form.waitForResponse((r) => new URL(r.url()).pathname === '/api/processes' && r.request().method() === 'POST');
    await form.getByRole('button', { name: 'Salvar' }).click();
    const res = await opened;
    expect(res.status(), await res.text()).toBe(201);
    const number = ((await res.json()) as { data: { number: string } }).data.number;
    expect(number).toMatch(new RegExp(`^\\d{6}/${year}$`));
    await expect(form).toHaveURL(/\/protocol\/processes\/\d+$/);
    await expect(form.getByText(number).first()).toBeVisible();
    await form.screenshot({ path: screenshotPath('protocol-numbering-process.png'), fullPage: true });
    await clerkCtx.close();
  } finally {
    const back = await request.put('/api/protocol_settings/current', { headers: bearer(admin.token), data: { mascara: NUP } });
    expect(back.status(), await back.text()).toBe(200);
  }
});
