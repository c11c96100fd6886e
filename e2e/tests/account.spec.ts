/**
 * The account screens, clicked by their users (the calls behind them are the declared account calls,
 * @paco/domain/account): a person changes their name, photo and password on "Perfil" and signs in with the new
 * password; someone who forgot it asks for the link; an unknown link is refused in pt-BR; the superadmin chooses the
 * entity they act in.
 */
import { deflateSync } from 'node:zlib';
import { ACCOUNTS, CAMARA, PREFEITURA, createUser, expect, screenshotPath, signInWithForm, test } from './helpers.ts';

/** A 1×1 PNG (its bytes are checked by content on the server). */
function tinyPng(): Buffer {
  const crc = (buf: Buffer): number => {
    let c = ~0;
    for (const b of buf) { c ^= b; for (let k = 0; k < 8; k++) c = (c >>> 1) ^ (0xedb88320 & -(c & 1)); }
    return ~c >>> 0;
  };
  const chunk = (type: string, data: Buffer): Buffer => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(data.length, 0);
    head.write(type, 4, 'ascii');
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(Buffer.concat([head.subarray(4), data])), 0);
    return Buffer.concat([head, data, sum]);
  };
  const ihdr = Buffer.from([0, 0, 0, 1, 0, 0, 0, 1, 8, 2, 0, 0, 0]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr), chunk('IDAT', deflateSync(Buffer.from([0, 200, 40, 40]))), chunk('IEND', Buffer.alloc(0)),
  ]);
}

test('Perfil: a pessoa muda o nome, a foto e a senha, e entra com a senha nova', async ({ page, request, tokenOf }) => {
  const me = await createUser(request, await tokenOf(ACCOUNTS.admin.email), ['cm_admin']);
  await signInWithForm(page, me.email, me.password);
  await page.getByRole('button', { name: 'Conta do usuário' }).click();
  await page.getByRole('link', { name: 'Gerenciar Perfil' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Perfil' })).toBeVisible();

  await page.getByRole('textbox', { name: /^Nome/ }).fill(`${me.name} Andrade`);
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Nome atualizado.')).toBeVisible();

  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: /foto/i }).click();
  await (await chooser).setFiles({ name: 'eu.png', mimeType: 'image/png', buffer: tinyPng() });
  await expect(page.getByText('Foto atualizada.')).toBeVisible();

  // a wrong current password is refused by field, and nothing changes
  await page.getByLabel(/^Senha atual/).fill('nao-e-esta');
  await page.getByLabel(/^Nova senha/).fill('outra-senha-boa-1');
  await page.getByLabel(/^Confirme a nova senha/).fill('outra-senha-boa-1');
  await page.getByRole('button', { name: 'Alterar senha' }).click();
  await expect(page.getByText('Senha atual incorreta.').first()).toBeVisible();
  await page.getByLabel(/^Senha atual/).fill(me.password);
  await page.getByRole('button', { name: 'Alterar senha' }).click();
  await expect(page.getByText('Senha alterada.')).toBeVisible();
  await page.screenshot({ path: screenshotPath('account-profile.png'), fullPage: true });

  const again = await request.post('/api/login', { data: { email: me.email, password: 'outra-senha-boa-1' } });
  expect(again.status()).toBe(200);
  expect((await again.json()).user.name).toBe(`${me.name} Andrade`);
  expect((await request.post('/api/login', { data: { email: me.email, password: me.password } })).status()).toBe(401);
});

test('Esqueci a senha: o pedido tem a mesma resposta; um link desconhecido é recusado em português', async ({ page }) => {
  await page.goto('/auth/reset-password');
  await page.getByRole('textbox', { name: 'E-mail' }).fill('ninguem.aqui@exemplo.com');
  await page.getByRole('button', { name: 'Enviar link' }).click();
  await expect(page.getByRole('status')).toContainText('Se o e-mail estiver cadastrado, você receberá um link para redefinir a senha.');

  await page.goto('/auth/reset-password?token=link-que-nao-existe');
  await page.getByLabel(/^Nova senha/).fill('senha-nova-longa-1');
  await page.getByLabel(/^Confirme a nova senha/).fill('senha-nova-longa-1');
  await page.getByRole('button', { name: 'Redefinir senha' }).click();
  await expect(page.getByText('Link inválido ou expirado. Solicite um novo.').first()).toBeVisible();
});

test('Entidade de atuação: o superadmin passa a atuar na Prefeitura e volta à Câmara', async ({ page }) => {
  await signInWithForm(page, ACCOUNTS.superadmin.email);
  await page.goto('/auth/company');
  await expect(page.getByRole('heading', { level: 1, name: 'Entidade de atuação' })).toBeVisible();
  const list = page.getByRole('list', { name: 'Entidades' });
  await page.getByRole('textbox', { name: 'Filtrar entidades' }).fill('Prefeitura');
  await list.getByRole('button', { name: new RegExp(PREFEITURA) }).click();
  await expect(page.getByText(`Agora você atua em ${PREFEITURA}.`)).toBeVisible();
  await page.screenshot({ path: screenshotPath('account-company.png'), fullPage: true });
  await page.goto('/auth/company');
  await expect(page.getByRole('list', { name: 'Entidades' }).getByRole('button', { name: new RegExp(PREFEITURA) })).toHaveAttribute('aria-current', 'true');
  await page.getByRole('textbox', { name: 'Filtrar entidades' }).fill('Câmara');
  await page.getByRole('list', { name: 'Entidades' }).getByRole('button', { name: new RegExp(CAMARA) }).click();
  await expect(page.getByText(`Agora você atua em ${CAMARA}.`)).toBeVisible();
});
