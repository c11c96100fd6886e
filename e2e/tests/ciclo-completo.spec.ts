/**
 * The câmara's whole cycle for one bill (issue 13 §4; docs/legislativo.md), each person in a browser of their own:
 * Vera Lúcia (vereador@) drafts a bill and Zé do Mercado (vereador2@) signs it from his account; she sends it; the
 * operator (operador@) protocols it (numbered), distributes it to a commission, whose operator designates the
 * rapporteur and registers the parecer; the operator moves it to the pauta, puts it on a session's ordem do dia,
 * publishes the pauta (its PDF read), runs the session — presence, a nominal vote with Vera voting from her tablet —
 * and closes the voting: the bill's tramitação gets the step its result implies. Finalizing writes the ata's draft
 * with the presence and each member's vote; it is approved in the next session and published (its PDF read); the
 * sanction makes the norm with the bill's text.
 */
import type { BrowserContext } from '@playwright/test';
import { bearer, endActiveSession, expect, oneLiveSessionAtATime, screenshotPath, sessionNumber, test, uniq } from './helpers';
import { actor, br, commissionFor, pdfText, screenIsClean, pick, recordActions, runAction, summaryOf, today } from './legislativo-flow';

test.describe.configure({ mode: 'serial' });

// one running session at a time: no other spec that runs sessions meanwhile (helpers.ts)
oneLiveSessionAtATime('ciclo-completo.spec.ts');

const VOTERS = ['vereador2@paco.demo', 'vereador3@paco.demo', 'vereador4@paco.demo', 'vereador5@paco.demo', 'vereador6@paco.demo'] as const;

test('do rascunho do vereador à lei publicada: coautoria, protocolo, comissão, pauta, votação, ata e sanção', async ({ browser, request, tokenOf }) => {
  test.setTimeout(600_000);
  const tag = uniq();
  const ementa = `Institui o Programa Municipal de Hortas Comunitárias (${tag}).`;
  const texto = `Art. 1º Fica instituído o Programa Municipal de Hortas Comunitárias (${tag}).\nArt. 2º Esta lei entra em vigor na data de sua publicação.`;
  const commission = await commissionFor(request, tag, ['Dr. Ricardo Menezes', 'Ana Paula Rocha']);

  const contexts: BrowserContext[] = [];
  const person = async (email: string, password?: string, viewport?: { width: number; height: number }) => {
    const a = await actor(browser, request, email, password, viewport);
    contexts.push(a.ctx);
    return a;
  };
  try {
    const vera = await person('vereador@paco.demo');
    const ze = await person('vereador2@paco.demo');
    const op = await person('operador@paco.demo');
    const com = await person(commission.operator.email, commission.operator.password);
    // the API's own token (the pages renew theirs)
    const opToken = await tokenOf('operador@paco.demo');
    const api = {
      get: async (url: string) => ((await (await request.get(url, { headers: bearer(opToken) })).json()) as { data: any }).data,
      post: async (url: string, data: unknown, code: number) => {
        const res = await request.post(url, { headers: bearer(opToken), data });
        expect(res.status(), await res.text()).toBe(code);
        return ((await res.json()) as { data: any }).data;
      },
    };

    /* 1. the councillor drafts the bill and invites a co-author, who signs it from his own account */
    await vera.page.goto('/legislativo-parlamentar/menu');
    await vera.page.getByRole('link', { name: /Projeto de Lei/ }).first().click();
    await vera.page.getByLabel(/^Ementa/).fill(ementa);
    await vera.page.getByLabel(/^Texto/).fill(texto);
    await vera.page.getByLabel(/^Justificativa/).fill('Ocupa terrenos ociosos com a produção de alimentos.');
    await vera.page.getByRole('button', { name: 'Salvar' }).click();
    await vera.page.waitForURL(/\/legislativo-parlamentar\/matters\/\d+$/);
    const draftId = Number(new URL(vera.page.url()).pathname.split('/').pop());
    await runAction(vera.page, 'Convidar coautor', 'Convite enviado a Zé do Mercado.', async (d) => pick(vera.page, d, /Vereador\(a\)/, 'Zé', /Zé do Mercado/));
    await ze.page.goto('/');
    await ze.page.getByRole('region', { name: 'Minhas pendências' }).getByRole('link', { name: /Proposições aguardando minha assinatura/ }).click();
    await ze.page.getByRole('row').filter({ hasText: ementa }).getByRole('gridcell').filter({ hasText: ementa }).click();
    await expect(ze.page).toHaveURL(new RegExp(`/${draftId}$`));
    await runAction(ze.page, 'Assinar', 'Matéria assinada. O autor foi avisado.');
    await vera.page.reload();
    await runAction(vera.page, 'Enviar à Câmara', 'Matéria enviada à Câmara.');
    await vera.page.screenshot({ path: screenshotPath('ciclo-completo-1-rascunho-enviado.png'), fullPage: true });

    /* 2. the house protocols it: numbered, both authors */
    await op.page.goto(`/legislativo/matters/received/${draftId}`);
    await runAction(op.page, 'Protocolar como matéria', /^Protocolada como PL \d+\/\d{4}\.$/);
    const matterId = (await api.get(`/api/matters/matterapplication/${draftId}`)).matter_id as number;
    await op.page.goto(`/legislativo/matters/${matterId}`);
    await expect(op.page.getByRole('heading', { level: 1 })).toHaveText(/^Matéria: PL \d+\/\d{4}$/);
    const identificacao = ((await op.page.getByRole('heading', { level: 1 }).textContent()) ?? '').replace(/^Matéria: /, '');
    await op.page.getByRole('tab', { name: 'Autores' }).click();
    const authors = op.page.getByRole('tabpanel', { name: 'Autores' }).getByRole('row');
    await expect(authors.nth(1)).toContainText('Vera Lúcia');
    await expect(authors.nth(2)).toContainText('Zé do Mercado');
    await op.page.getByRole('tab', { name: 'Dados' }).click();

    /* 3. committee work: distributed, rapporteur designated, parecer registered with its document */
    await runAction(op.page, 'Distribuir às comissões', `Distribuída: ${commission.sigla}.`, async (d) => {
      await d.getByRole('combobox', { name: /Comissões/ }).click();
      await op.page.getByRole('option', { name: new RegExp(`^${commission.sigla} — `) }).click();
      await op.page.keyboard.press('Escape');
    });
    await op.page.getByRole('tab', { name: 'Distribuições às comissões' }).click();
    await op.page.getByRole('tabpanel', { name: 'Distribuições às comissões' }).getByRole('row').filter({ hasText: commission.nome }).getByRole('link').first().click();
    await expect(op.page).toHaveURL(/\/legislativo\/distributions\/\d+$/);
    await com.page.goto(new URL(op.page.url()).pathname);
    await runAction(com.page, 'Designar relator', /^Relator\(a\) designado\(a\): Dr\. Ricardo Menezes; parecer até \d{2}\/\d{2}\/\d{4}\.$/, async (d) => {
      await d.getByRole('combobox', { name: /Relator/ }).click();
      await com.page.getByRole('option', { name: 'Dr. Ricardo Menezes' }).click();
    });
    await runAction(com.page, 'Registrar parecer', `Parecer registrado: Favorável (${commission.sigla}).`, async (d) => {
      await d.getByRole('combobox', { name: /^Parecer/ }).click();
      await com.page.getByRole('option', { name: 'Favorável', exact: true }).click();
      await d.getByRole('textbox', { name: /Votos favoráveis/ }).fill('2');
      await d.locator('input[type="file"]').setInputFiles({ name: 'parecer-hortas.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%%EOF\n') });
    });
    await expect(summaryOf(com.page, 'situacao')).toContainText('Parecer emitido');

    /* 4. the parecer is a step of the bill's tramitação; back from the commission, the bill is ready for the pauta */
    await op.page.goto(`/legislativo/matters/${matterId}`);
    await expect(op.page.getByRole('region', { name: 'Situação da matéria' })).toContainText('Parecer emitido');
    await op.page.getByRole('tab', { name: 'Tramitações' }).click();
    await op.page.getByRole('tabpanel', { name: 'Tramitações' }).getByRole('row').filter({ hasText: 'Parecer emitido' }).getByRole('button', { name: br(today()), exact: true }).click();
    await expect(op.page.getByRole('dialog').getByRole('textbox', { name: /Ação/ })).toHaveValue(`Parecer da ${commission.nome} (${commission.sigla}): Favorável — 2 favoráveis.`);
    await op.page.keyboard.press('Escape');
    await op.page.getByRole('tab', { name: 'Dados' }).click();
    await runAction(op.page, 'Tramitar', /^Tramitação registrada: Pronta para pauta/, async (d) => {
      await pick(op.page, d, /Unidade de destino/, 'Plen', /^Plenário$/);
      await d.getByRole('combobox', { name: /Status/ }).click();
      await op.page.getByRole('option', { name: 'Pronta para pauta' }).click();
    });
    await expect(op.page.getByRole('region', { name: 'Situação da matéria' })).toContainText('Pronta para pauta');

    /* 5. on a session's ordem do dia (today's extraordinary session: any session in progress is ended first) */
    await endActiveSession(request, opToken);
    const sessionTypes = (await api.get('/api/types_of/sessions')) as { id: number; slug: string }[];
    const session = await api.post('/api/plenary_sessions', {
      numero: sessionNumber(), type_id: sessionTypes.find((x) => x.slug === 'extraordinaria')!.id, abertura: today(), horarioInicio: '09:00',
    }, 201) as { id: number; titulo: string };
    await op.page.goto(`/legislativo/plenarySessions/${session.id}`);
    await op.page.getByRole('tab', { name: 'Matérias da sessão' }).click();
    const items = op.page.getByRole('tabpanel', { name: 'Matérias da sessão' });
    await items.getByRole('button', { name: /^Adicionar/ }).click();
    const add = op.page.getByRole('dialog');
    await add.getByRole('combobox', { name: /^Fase/ }).click();
    await op.page.getByRole('option', { name: 'Ordem do dia' }).click();
    await pick(op.page, add, /^Matéria/, identificacao.split(' ')[1], new RegExp(identificacao.replace('/', '\\/')));
    await add.getByRole('combobox', { name: /Tipo de votação/ }).click();
    await op.page.getByRole('option', { name: 'Nominal' }).click();
    await add.getByRole('combobox', { name: /^Turno/ }).click();
    await op.page.getByRole('option', { name: /[Úú]nico/ }).click();
    await add.getByRole('button', { name: 'Salvar' }).click();
    await expect(add).toBeHidden();
    await expect(items.getByRole('row').filter({ hasText: identificacao })).toHaveCount(1);

    /* 6. the pauta: published, its PDF lists the bill with its ementa and authors */
    await op.page.goto(`/legislativo/pauta?sessao=${session.id}`);
    await expect(op.page.getByRole('heading', { name: session.titulo })).toBeVisible();
    await expect(op.page.getByRole('region', { name: /^Ordem do dia/ })).toContainText(identificacao);
    await op.page.getByRole('group', { name: 'Ações da pauta' }).getByRole('button', { name: 'Publicar pauta' }).click();
    await op.page.getByRole('dialog', { name: 'Publicar pauta' }).getByRole('button', { name: 'Publicar pauta' }).click();
    await expect(op.page.getByText(/^Publicada em \d{2}\/\d{2}\/\d{4} \d{2}:\d{2} por Otávio Operador \(versão 1\)\.$/)).toBeVisible();
    await screenIsClean(op.page);
    await op.page.screenshot({ path: screenshotPath('ciclo-completo-2-pauta.png'), fullPage: true });
    const pauta = await pdfText(request, `/api/plenary_sessions/${session.id}/pauta/pdf?versao=1`, opToken);
    expect(pauta).toContain(session.titulo);
    expect(pauta).toContain(identificacao);
    expect(pauta).toContain(`Programa Municipal de Hortas Comunitárias (${tag})`);
    expect(pauta).toMatch(/Vera Lúcia/);

    /* 7. the session: started, presence (Vera checks in from her tablet), a nominal vote, closed */
    await op.page.goto(`/legislativo/newPainel/${session.id}`);
    await op.page.getByRole('button', { name: 'Iniciar sessão' }).click();
    await expect(op.page.getByText(/^Em andamento desde/)).toBeVisible();
    await op.page.getByRole('tab', { name: /^Presença/ }).click();
    await op.page.getByRole('button', { name: 'Abrir lista' }).nth(1).click();
    await expect(op.page.getByRole('button', { name: 'Encerrar lista' })).toBeVisible();
    const tablet = await person('vereador@paco.demo', undefined, { width: 1024, height: 768 });
    await tablet.page.goto('/legislativo/votar');
    await tablet.page.getByRole('button', { name: 'Registrar presença' }).click();
    await expect(tablet.page.getByText(/Presença registrada/).first()).toBeVisible();
    const voterIds: number[] = [];
    for (const email of VOTERS) {
      voterIds.push(((await (await request.get('/api/is-parliamentary', { headers: bearer(await tokenOf(email)) })).json()) as { data: { parliamentary: { id: number } } }).data.parliamentary.id);
    }
    await api.post(`/api/plenary_sessions/${session.id}/add_presences`, { type: 'ordem_dia', parliamentary_ids: voterIds }, 201);
    await expect(op.page.getByText(/^6 de \d+ presentes$/).first()).toBeVisible();
    await op.page.getByRole('tab', { name: /^Pauta e votação/ }).click();
    await op.page.getByRole('button', { name: `Abrir votação: ${identificacao}` }).click();
    const openDialog = op.page.getByRole('dialog', { name: 'Abrir votação' });
    await openDialog.getByRole('button', { name: 'Abrir votação' }).click();
    await expect(openDialog).toBeHidden();
    await tablet.page.getByRole('button', { name: 'Sim', exact: true }).click();
    const cast = tablet.page.waitForResponse((r) => /\/api\/vottings\/\d+\/vote$/.test(r.url()) && r.request().method() === 'POST');
    await tablet.page.getByRole('button', { name: 'Confirmar voto: Sim' }).click();
    expect((await cast).status()).toBe(200);
    const voting = (await api.get(`/api/plenary_sessions/${session.id}/live`)).voting as { id: number };
    for (const [i, email] of VOTERS.entries()) {
      const r = await request.post(`/api/vottings/${voting.id}/vote`, { headers: bearer(await tokenOf(email)), data: { voto: i < 3 ? 'sim' : 'nao' } });
      expect(r.status(), `${email}: ${await r.text()}`).toBe(200);
    }
    await op.page.getByRole('button', { name: 'Encerrar votação' }).first().click();
    await op.page.getByRole('dialog', { name: 'Encerrar a votação?' }).getByRole('button', { name: 'Encerrar votação' }).click();
    await expect(op.page.getByText(/^Aprovado: 4 Sim, 2 Não/).first()).toBeVisible();
    await expect(tablet.page.getByText(/^Aprovado: 4 Sim, 2 Não/).first()).toBeVisible();

    /* 8. the result flows back: the bill's new step, linked to the session */
    const staff = await person('admin@paco.demo');
    await staff.page.goto(`/legislativo/matters/${matterId}`);
    await expect(staff.page.getByRole('region', { name: 'Situação da matéria' })).toContainText('Remetida à sanção');
    await staff.page.getByRole('tab', { name: 'Tramitações' }).click();
    const step = staff.page.getByRole('tabpanel', { name: 'Tramitações' }).getByRole('row').filter({ hasText: 'Remetida à sanção' });
    await expect(step).toContainText(/Aprovado: 4 Sim, 2 Não/);
    await expect(step.getByRole('link', { name: session.titulo })).toBeVisible();
    await staff.page.screenshot({ path: screenshotPath('ciclo-completo-3-tramitacao.png'), fullPage: true });

    /* 9. finalized: the ata's draft lists the presence and each member's vote */
    await op.page.getByRole('button', { name: 'Finalizar sessão' }).click();
    await op.page.getByRole('dialog').getByRole('button', { name: /Finalizar/ }).click();
    await expect(op.page.getByText(/Finalizada|Encerrada/).first()).toBeVisible();
    await op.page.goto('/legislativo/ata');
    const ataRow = op.page.getByRole('row').filter({ hasText: session.titulo });
    await expect(ataRow).toContainText('Rascunho');
    await ataRow.getByRole('link').first().click();
    await expect(op.page).toHaveURL(/\/legislativo\/ata\/\d+$/);
    const ataId = Number(new URL(op.page.url()).pathname.split('/').pop());
    await expect(op.page.getByRole('textbox', { name: 'Presenças' })).toHaveValue(/Ordem do dia: 6 vereadores presentes/);
    await expect(op.page.getByRole('textbox', { name: 'Presenças' })).toHaveValue(/Vera Lúcia/);
    const ordem = op.page.getByRole('textbox', { name: 'Ordem do dia' });
    await expect(ordem).toHaveValue(new RegExp(identificacao.replace('/', '\\/')));
    await expect(ordem).toHaveValue(/Aprovado: 4 Sim, 2 Não/);
    await expect(ordem).toHaveValue(/Votaram Sim: .*Vera Lúcia/);
    await expect(ordem).toHaveValue(/Votaram Não: /);
    await screenIsClean(op.page);
    await op.page.screenshot({ path: screenshotPath('ciclo-completo-4-ata-rascunho.png'), fullPage: true });

    /* 10. approved by the plenary in the next session (an item of its pauta, voted), published; its PDF read */
    const next = await api.post('/api/plenary_sessions', {
      numero: sessionNumber(), type_id: sessionTypes.find((x) => x.slug === 'extraordinaria')!.id, abertura: today(), horarioInicio: '10:00',
    }, 201) as { id: number; titulo: string };
    await op.page.reload();
    const ataName = `Ata da ${session.titulo}`;
    await runAction(op.page, 'Incluir na pauta de uma sessão', `Ata incluída na pauta da ${next.titulo} para aprovação.`, async (d) => {
      await d.getByRole('combobox', { name: /^Sessão/ }).click();
      await op.page.getByRole('option', { name: next.titulo }).click();
    });
    await op.page.goto(`/legislativo/newPainel/${next.id}`);
    await op.page.getByRole('button', { name: 'Iniciar sessão' }).click();
    await expect(op.page.getByText(/^Em andamento desde/)).toBeVisible();
    await op.page.getByRole('tab', { name: /^Presença/ }).click();
    await op.page.getByRole('button', { name: 'Abrir lista' }).first().click();
    await expect(op.page.getByRole('button', { name: 'Encerrar lista' })).toBeVisible();
    const veraId = ((await (await request.get('/api/is-parliamentary', { headers: bearer(await tokenOf('vereador@paco.demo')) })).json()) as { data: { parliamentary: { id: number } } }).data.parliamentary.id;
    await api.post(`/api/plenary_sessions/${next.id}/add_presences`, { type: 'abertura', parliamentary_ids: [veraId, ...voterIds] }, 201);
    await expect(op.page.getByText(/^6 de \d+ presentes$/).first()).toBeVisible();
    await op.page.getByRole('tab', { name: /^Pauta e votação/ }).click();
    await op.page.getByRole('button', { name: `Abrir votação: ${ataName}` }).click();
    const openAta = op.page.getByRole('dialog', { name: 'Abrir votação' });
    await openAta.getByRole('button', { name: 'Abrir votação' }).click();
    await expect(openAta).toBeHidden();
    await op.page.getByRole('spinbutton', { name: 'Sim' }).fill('5');
    await op.page.getByRole('spinbutton', { name: 'Não' }).fill('0');
    await op.page.getByRole('spinbutton', { name: 'Abstenção' }).fill('1');
    await op.page.getByRole('button', { name: 'Encerrar votação' }).first().click();
    await op.page.getByRole('dialog', { name: 'Encerrar a votação?' }).getByRole('button', { name: 'Encerrar votação' }).click();
    await expect(op.page.getByText(/^Aprovado: 5 Sim, 0 Não, 1 Abstenção/).first()).toBeVisible();
    await op.page.goto(`/legislativo/ata/${ataId}`);
    await expect(op.page.getByText(`Aprovada na ${next.titulo}`).first()).toBeVisible();
    await runAction(op.page, 'Publicar ata', 'Ata publicada.');
    const ata = await pdfText(request, `/api/plenary_minutes/${ataId}/pdf`, opToken);
    expect(ata).toContain(session.titulo);
    expect(ata).toContain(identificacao);
    expect(ata).toMatch(/Aprovado: 4 Sim, 2 Não/);
    expect(ata).not.toContain('RASCUNHO');
    await op.page.screenshot({ path: screenshotPath('ciclo-completo-5-ata-publicada.png'), fullPage: true });

    /* 11. the sanction: the norm exists with the bill's text */
    await staff.page.goto(`/legislativo/matters/${matterId}`);
    await recordActions(staff.page).getByRole('button', { name: 'Registrar sanção / gerar norma' }).click();
    const sanction = staff.page.getByRole('dialog', { name: 'Registrar sanção / gerar norma' });
    await expect(sanction.getByRole('textbox', { name: /Data da sanção/ })).toHaveValue(br(today()));
    await sanction.getByRole('button', { name: 'Registrar sanção / gerar norma' }).click();
    await expect(staff.page.getByText(/^Sancionada: Lei Ordinária nº [\d.]+\/\d{4} criada com o texto da matéria\.$/)).toBeVisible();
    const summary = staff.page.getByRole('region', { name: 'Situação da matéria' });
    await expect(summary).toContainText('Transformada em norma jurídica');
    await summary.getByRole('link', { name: /^Lei Ordinária nº / }).click();
    await staff.page.getByRole('tab', { name: 'Texto compilado' }).click();
    await expect(staff.page.getByRole('tabpanel', { name: 'Texto compilado' }).getByTestId('texto-norma')).toHaveText(texto);
    await screenIsClean(staff.page);
    await staff.page.screenshot({ path: screenshotPath('ciclo-completo-6-norma.png'), fullPage: true });
  } finally {
    for (const c of contexts) await c.close();
  }
});
