import type { Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { layout, sideMenu, signInFromLogin } from './support';

/** Signs up through the form of the page the test is on. */
async function signUp(page: Page, name: string, email: string) {
  await page.getByLabel('Nome completo').fill(name);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Senha').fill('senha-forte-123');
  await page.getByRole('button', { name: 'Criar conta' }).click();
}

test('a payment page the app may not open: nothing was paid, the charge is open, the team finishes it', async ({ page }) => {
  await signInFromLogin(page, 'cliente@demo.test');
  // The provider answers a page on a host the configuration does not allow (ALLOWED_EXTERNAL_HOSTS).
  await page.route('**/api/subscriptions/**', (route) =>
    route.fulfill({ json: { data: { paymentId: 'cobranca-1', paymentUrl: 'https://pagamentos.exemplo.com/checkout/1' } } }),
  );
  await page.goto('/app/user/my-billing');
  const pay = page.getByRole('button', { name: /^Pagar a mensalidade/ });
  await pay.click();
  await expect(
    page.getByText(
      'Não foi possível abrir a página de pagamento. Nada foi pago e a cobrança continua em aberto: fale com a nossa equipe para concluir o pagamento.',
    ),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/app\/user\/my-billing$/);
  // Still on the page, the button can be pressed again.
  await expect(pay).toBeEnabled();
  await expect(pay).not.toHaveAttribute('aria-busy', 'true');
});

// At http://127.0.0.1, the address `npm start` prints (PUBLIC_URL and the other tests say localhost): the product
// works the same at either — the payment page opens, and the way back keeps the person signed in.
test.describe('at 127.0.0.1', () => {
  test.use({ baseURL: async ({ baseURL }, provide) => provide(baseURL!.replace('//localhost:', '//127.0.0.1:')) });

  test('my-billing lists the monthly fees, gives receipts, and pays the open one at the sandbox checkout', async ({ page }) => {
    await signInFromLogin(page, 'cliente@demo.test');
    await page.goto('/app/user/my-billing');
    await expect(page.getByRole('heading', { name: 'Assinatura e pagamentos' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Plano Essencial' })).toBeVisible();

    const rows = page.getByTestId('payment-row');
    const paid = rows.filter({ has: page.getByText('Paga', { exact: true }) });
    const open = rows.filter({ has: page.getByText('Em aberto', { exact: true }) });
    await expect(rows).toHaveCount(11);
    await expect(paid).toHaveCount(10);
    await expect(open).toHaveCount(1);
    await expect(open).toContainText('R$ 249,00');
    await expect(paid.first()).toContainText(/\d{2}\/\d{2}\/\d{4} · (Pix|Boleto)/);

    const download = page.waitForEvent('download');
    await paid
      .first()
      .getByRole('button', { name: /^Baixar o recibo/ })
      .click();
    expect((await download).suggestedFilename()).toMatch(/^recibo-contabil-\d{4}-\d{2}\.pdf$/);

    await open.getByRole('button', { name: /^Pagar a mensalidade/ }).click();
    await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/fakes\/payments\/checkout\/chk_[0-9a-f]+$/);
    await expect(page.getByText('Ambiente de testes — nenhum pagamento real')).toBeVisible();
    await expect(page.getByText('R$ 249,00')).toBeVisible();
    await page.getByRole('button', { name: 'Pagar com Pix (simulado)' }).click();

    await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/app\/user\/my-billing$/);
    await expect(page.getByText('Pagamento confirmado! Obrigado.')).toBeVisible();
    await expect(open).toHaveCount(0);
    await expect(paid).toHaveCount(11);
    await expect(page.getByText('Nada a pagar')).toBeVisible();
    // Everything paid, the next monthly fee still shows: its day and amount.
    const next = page.getByText('Próximo vencimento').locator('..');
    await expect(next).toContainText(/\d{2}\/\d{2}\/\d{4}/);
    await expect(next).toContainText('R$ 249,00');
  });
});

test('my-invites sends an invitation that appears in the list, and sends an older one again', async ({ page }) => {
  await signInFromLogin(page, 'cliente@demo.test');
  await page.goto('/app/user/my-invites');
  await expect(page.getByRole('heading', { name: 'Convites', exact: true })).toBeVisible();
  const rows = page.getByTestId('invitation-row');
  await expect(rows).toHaveCount(2);

  await page.getByRole('button', { name: 'Enviar convite' }).click();
  await expect(page.getByText('Informe o e-mail.')).toBeVisible();
  const emailField = page.getByLabel('E-mail de quem você quer convidar');
  await emailField.fill('maria@exemplo');
  await page.getByRole('button', { name: 'Enviar convite' }).click();
  await expect(page.getByText('E-mail inválido')).toBeVisible();
  await emailField.fill('cliente@demo.test');
  await page.getByRole('button', { name: 'Enviar convite' }).click();
  await expect(page.getByText('Este é o seu próprio e-mail: convide outra pessoa.')).toBeVisible();

  const email = `maria.${Date.now()}@exemplo.com.br`;
  await page.getByLabel('Nome (opcional)').fill('Maria Convidada');
  await emailField.fill(email);
  await page.getByRole('button', { name: 'Enviar convite' }).click();
  await expect(page.getByText(`Convite enviado para ${email}.`)).toBeVisible();
  await expect(emailField).toHaveValue('');
  const invited = rows.filter({ hasText: email });
  await expect(invited).toContainText('Maria Convidada');
  await expect(invited).toContainText('1 envio');
  await expect(invited).toContainText('Aguardando cadastro');
  await expect(invited).toContainText('Reenvio a partir de');
  await expect(rows).toHaveCount(3);

  // Sent twice, the last two days ago: it may go once more, and that is the last time.
  const luana = rows.filter({ hasText: 'Luana Prado' });
  await expect(luana).toContainText('2 envios');
  // The toast of the invitation just sent sits over this button at 1280×720 (bottom-right, 3 s): a click there reaches
  // the button, not the toast (Playwright would scroll the button clear of it; a person would not).
  const resend = luana.getByRole('button', { name: 'Reenviar o convite para luana@estudioprado.com.br' });
  await resend.scrollIntoViewIfNeeded();
  await expect(page.getByText(`Convite enviado para ${email}.`)).toBeVisible();
  const box = (await resend.boundingBox())!;
  const reached = await page.evaluate(
    ([x, y]) => document.elementFromPoint(x!, y!)?.closest('button')?.getAttribute('aria-label') ?? null,
    [box.x + box.width / 2, box.y + box.height / 2],
  );
  expect(reached).toBe('Reenviar o convite para luana@estudioprado.com.br');
  await resend.click();
  await expect(page.getByText('Convite reenviado para luana@estudioprado.com.br.')).toBeVisible();
  await expect(luana).toContainText('3 envios');
  await expect(luana).toContainText('Limite de reenvios atingido');
});

test('my-referrals shows the link, and someone who signs up with it appears at their stage', async ({ page, browser }) => {
  test.setTimeout(90_000);
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await signInFromLogin(page, 'cliente@demo.test');
  await page.goto('/app/user/my-referrals');
  await expect(page.getByRole('heading', { name: 'Indicações', exact: true })).toBeVisible();
  const linkField = page.getByLabel('Link de indicação');
  await expect(linkField).toHaveValue(/\/app\/login\?mode=signup&ref=[0-9a-f]{10}$/);
  const link = await linkField.inputValue();
  await page.getByRole('button', { name: 'Copiar link' }).click();
  await expect(page.getByText('Link copiado!')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);

  const table = page.getByRole('table', { name: 'Pessoas indicadas' });
  await expect(table.getByRole('row').filter({ hasText: 'Fernanda L.' })).toContainText('Cadastrado');
  await expect(table.getByRole('row').filter({ hasText: 'Ricardo A.' })).toContainText('Empresa em andamento');
  const patricia = table.getByRole('row').filter({ hasText: 'Patrícia N.' });
  await expect(patricia).toContainText('Pagante');
  await expect(patricia).toContainText('pa***@e***.com.br');
  await expect(table).not.toContainText('patricia.nunes@');
  await expect(page.getByRole('heading', { name: 'Quem se cadastrou (3)' })).toBeVisible();

  // Someone opens the link and signs up: they count as Carlos's referral.
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto(new URL(link).pathname + new URL(link).search);
  await signUp(visitor, 'Helena Duarte', `helena.${Date.now()}@exemplo.com.br`);
  await expect(visitor).toHaveURL('/app/wizard/company-opening');
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Quem se cadastrou (4)' })).toBeVisible();
  await expect(table.getByRole('row').filter({ hasText: 'Helena D.' })).toContainText('Cadastrado');
});

test('a referral code of digits, or digits around an "e", is sent as written when the person signs up', async ({ browser }) => {
  // The router reads a query as JSON where it can: "1704802113" became a number the form dropped (a CI run whose demo
  // customer's code was all digits lost its referral), and "1234e56789" would become a float.
  for (const code of ['1704802113', '1234e56789']) {
    const visitor = await (await browser.newContext()).newPage();
    await visitor.goto(`/app/login?mode=signup&ref=${code}`);
    const sent = visitor.waitForRequest((request) => request.method() === 'POST' && request.url().endsWith('/api/users'));
    await signUp(visitor, 'Irene Campos', `irene.${Date.now()}@exemplo.com.br`);
    expect((await sent).postDataJSON()).toMatchObject({ indicatedBy: code });
    await visitor.context().close();
  }
});

test('the Duca wizard records the partnership and starts the chosen track', async ({ page }) => {
  await page.goto('/app/login?mode=signup');
  await signUp(page, 'Otávio Brandão', `otavio.${Date.now()}@exemplo.com.br`);
  await expect(page).toHaveURL('/app/wizard/company-opening');

  await page.goto('/app/partners/duca');
  await expect(page.getByRole('heading', { name: 'Programa de parceiros Duca' })).toBeVisible();
  await page.getByRole('link', { name: 'Cheguei pela Duca' }).click();
  await expect(page).toHaveURL('/app/wizard/partners/duca');
  await expect(layout(page, 'admin')).toBeVisible();
  await expect(sideMenu(page)).toHaveCount(0);
  await expect(page.getByTestId('company-selector-slot')).toBeEmpty();

  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.getByText('Confirme que você chegou até nós pela Duca para continuar.')).toBeVisible();
  await page.getByLabel('Confirmo que conheci o Contábil por indicação da Duca.').check();
  await page.getByRole('button', { name: 'Continuar' }).click();
  await page.getByRole('radio', { name: 'Trocar de contador' }).check();
  await page.getByRole('button', { name: 'Confirmar' }).click();
  await expect(page.getByRole('heading', { name: 'Tudo certo!' })).toBeVisible();
  await expect(page.getByText(/Sua conta está vinculada à Duca desde \d{2}\/\d{2}\/\d{4}\./)).toBeVisible();
  await page.getByRole('button', { name: 'Começar a troca de contador' }).click();
  await expect(page).toHaveURL('/app/wizard/company-migration');

  await page.goto('/app/partners/duca');
  await expect(page.getByText(/Sua conta está vinculada à Duca desde/)).toBeVisible();
});
