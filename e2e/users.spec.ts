import { expect, test } from '@playwright/test';
import { signIn, signInFromLogin } from './support';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** What the new person does with the link the team hands over: choose a password on the provider's page. */
async function choosePassword(link: string, newPassword: string) {
  const emulator = process.env.FIREBASE_AUTH_EMULATOR_HOST ?? '127.0.0.1:9199';
  const oobCode = new URL(link).searchParams.get('oobCode');
  expect(oobCode, link).toBeTruthy();
  const response = await fetch(`http://${emulator}/identitytoolkit.googleapis.com/v1/accounts:resetPassword?key=e2e`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ oobCode, newPassword }),
  });
  expect(response.status).toBe(200);
}

test('the team creates a customer of one company, who signs in and sees only that company', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const email = `rita.${Date.now()}@escolafluent.com.br`;
  await signInFromLogin(page, 'admin@demo.test');
  await page.goto('/app/admin/users');
  await expect(page.getByRole('heading', { name: 'Usuários', level: 1 })).toBeVisible();
  await expect(page.getByText(/\d+ pessoas cadastradas/)).toBeVisible();
  // Filtered by company: the two partners of Irmãos Silva, and nobody else.
  await page.getByRole('combobox', { name: 'Filtrar por empresa' }).fill('Irmãos');
  await page.getByRole('option', { name: /Irmãos Silva/ }).click();
  await expect(page.getByText('2 pessoas encontradas')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'Paulo Silva' })).toContainText('Irmãos Silva');
  await page.getByLabel('Buscar por nome ou e-mail').fill('cliente@demo');
  await page.getByRole('button', { name: 'Buscar' }).click();
  await expect(page.getByText('Nenhum usuário encontrado')).toBeVisible();
  await page.goto('/app/admin/users?q=cliente%40demo');
  await expect(page.getByRole('row').filter({ hasText: 'cliente@demo.test' })).toContainText('Mendes Tech');

  await page.getByRole('button', { name: 'Novo usuário' }).click();
  const drawer = page.getByRole('dialog', { name: 'Novo usuário' });
  await drawer.getByRole('button', { name: 'Criar usuário' }).click();
  await expect(drawer.getByText('Informe seu nome.')).toBeVisible();
  await expect(drawer.getByText('E-mail inválido')).toBeVisible();

  await drawer.getByLabel('Nome completo').fill('Rita Fluent');
  await drawer.getByLabel('E-mail').fill(email);
  await drawer.getByLabel('Telefone (opcional)').pressSequentially('3198');
  await drawer.getByRole('button', { name: 'Criar usuário' }).click();
  await expect(drawer.getByText('Celular inválido')).toBeVisible();
  await drawer.getByLabel('Telefone (opcional)').fill('');
  await drawer.getByLabel('Telefone (opcional)').pressSequentially('31988887777');
  await drawer.getByRole('combobox', { name: 'Empresa' }).fill('Fluent');
  await page.getByRole('option', { name: /Fluent/ }).click();
  await expect(drawer.getByRole('combobox', { name: 'Empresa' })).toHaveValue('Fluent');
  await drawer.getByRole('button', { name: 'Criar usuário' }).click();

  const created = page.getByRole('dialog', { name: 'Usuário criado' });
  await expect(created.getByText('Usuário criado: Rita Fluent')).toBeVisible();
  const link = await created.getByLabel('Link para a pessoa criar a senha').inputValue();
  expect(link).toContain('oobCode=');
  await created.getByRole('button', { name: 'Concluir' }).click();

  // The list shows her with her company; her page too.
  await page.getByLabel('Buscar por nome ou e-mail').fill('Rita Fluent');
  await page.getByRole('button', { name: 'Buscar' }).click();
  const row = page.getByRole('row').filter({ hasText: 'Rita Fluent' });
  await expect(row).toContainText('Fluent');
  await expect(row).toContainText('(31) 98888-7777');
  await row.getByRole('link', { name: 'Rita Fluent' }).click();
  await expect(page.getByRole('heading', { name: 'Rita Fluent' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Fluent', exact: true })).toBeVisible();

  // She chooses her password with the link, signs in and lands in her company, the only one she sees.
  await choosePassword(link, 'senha-da-rita-2026');
  const rita = await (await browser.newContext()).newPage();
  await rita.goto('/app/login');
  const herCompanies = rita.waitForResponse((r) => new URL(r.url()).pathname === '/api/companies' && r.ok());
  await signIn(rita, email, 'senha-da-rita-2026');
  await expect(rita).toHaveURL('/app/panel');
  // Her list of companies has come (the selector shows the current one alone until it does).
  expect((await (await herCompanies).json()).data).toHaveLength(1);
  await expect(rita.getByTestId('company-selector')).toContainText('Fluent');
  // A single company: no choice to offer.
  await expect(rita.getByRole('button', { name: 'Empresa selecionada' })).toHaveCount(0);
  await rita.goto('/app/admin/users');
  await expect(rita).toHaveURL('/app/panel');
});

test('a customer edits their name, phone and photo, and sees why the password was refused', async ({ page }) => {
  await signInFromLogin(page, 'cliente@demo.test');
  await page.goto('/app/user/my-profile');
  await expect(page.getByRole('heading', { name: 'Meu perfil' })).toBeVisible();
  await expect(page.getByLabel('E-mail', { exact: true })).toHaveValue('cliente@demo.test');
  await expect(page.getByLabel('Nome completo')).toHaveValue('Carlos Mendes');

  // The password first, before anything else on the page has needed Firebase: it loads with the click, and still
  // knows who is signed in.
  await page.getByLabel('Senha atual').fill('senha-errada');
  await page.getByLabel('Nova senha', { exact: true }).fill('nova-senha-123');
  await page.getByLabel('Confirme a nova senha').fill('nova-senha-123');
  await page.getByRole('button', { name: 'Alterar senha' }).click();
  await expect(page.getByText('A senha atual está incorreta.')).toBeVisible();

  await page.getByLabel('Telefone').fill('');
  await page.getByLabel('Telefone').pressSequentially('0133334444');
  await page.getByRole('button', { name: 'Salvar alterações' }).click();
  await expect(page.getByText('Telefone inválido')).toBeVisible();

  // A landline will do (the phone given at signup may be one): it does not stop the name from being saved.
  await page.getByLabel('Nome completo').fill('Carlos Eduardo Mendes');
  await page.getByLabel('Telefone').fill('');
  await page.getByLabel('Telefone').pressSequentially('2133334444');
  await expect(page.getByLabel('Telefone')).toHaveValue('(21) 3333-4444');
  await page.getByRole('button', { name: 'Salvar alterações' }).click();
  await expect(page.getByText('Perfil atualizado.')).toBeVisible();
  const menu = page.getByRole('button', { name: 'Menu do usuário' });
  await expect(menu).toContainText('Carlos Eduardo Mendes');

  // A photo: too big or not an image is refused here, a PNG shows in the menu.
  await page
    .getByLabel('Foto de perfil')
    .setInputFiles({ name: 'foto.png', mimeType: 'image/png', buffer: Buffer.from('texto') });
  await expect(page.getByText('Envie a foto em PNG, JPG ou WEBP.')).toBeVisible();
  await page.getByLabel('Foto de perfil').setInputFiles({ name: 'eu.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByText('Foto atualizada.')).toBeVisible();
  await expect(menu.locator('img')).toHaveAttribute('src', /\/api\/users\/.+\/photo\?v=/);

  // Kept on the server: a reload shows the same.
  await page.reload();
  await expect(page.getByLabel('Nome completo')).toHaveValue('Carlos Eduardo Mendes');
  await expect(page.getByLabel('Telefone')).toHaveValue('(21) 3333-4444');
  await expect(menu).toContainText('Carlos Eduardo Mendes');

  // The deletion dialog says what happens, and does nothing until confirmed.
  await page.getByRole('button', { name: 'Excluir minha conta' }).click();
  const dialog = page.getByRole('dialog', { name: 'Excluir sua conta?' });
  await expect(dialog).toContainText('documentos pessoais');
  await expect(dialog).toContainText('prazo legal de 5 anos');
  await expect(dialog.getByRole('button', { name: 'Excluir minha conta' })).toBeDisabled();
  await dialog.getByRole('button', { name: 'Voltar' }).click();
  await expect(dialog).toHaveCount(0);

  // Back as it was, for whatever runs next against the same demo data.
  await page.getByRole('button', { name: 'Remover foto' }).click();
  await expect(page.getByText('Foto removida.')).toBeVisible();
  await page.getByLabel('Nome completo').fill('Carlos Mendes');
  await page.getByLabel('Telefone').fill('');
  await page.getByLabel('Telefone').pressSequentially('11987654321');
  await page.getByRole('button', { name: 'Salvar alterações' }).click();
  await expect(menu).toContainText('Carlos Mendes');
  await expect(menu.locator('img')).toHaveCount(0);
});
