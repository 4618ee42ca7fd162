import { expect, test } from '@playwright/test';
import { signInFromLogin } from './support';

const PDF = Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF');
const XML = Buffer.from('<?xml version="1.0"?><NFSe><nNFSe>9001</nNFSe></NFSe>');

test('a customer asks for an invoice, the team issues it with its files, the customer downloads it', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const description = `Implantação do módulo de estoque ${Date.now()}`;
  await signInFromLogin(page, 'cliente@demo.test');
  await page.goto('/app/invoices');
  await expect(page.getByRole('heading', { name: 'Notas fiscais' })).toBeVisible();

  await page.getByRole('button', { name: 'Nova solicitação' }).click();
  await page.getByRole('button', { name: 'Solicitar nota' }).click();
  await expect(page.getByText('CNPJ precisa ser definido.')).toBeVisible();
  await expect(page.getByText('Valor precisa ser maior ou igual a 1 real.')).toBeVisible();
  await expect(page.getByText('Informe o nome ou a razão social do tomador.')).toBeVisible();

  // A tomador invoiced before fills in by itself: name and e-mail together.
  await page.getByLabel('CNPJ do tomador').pressSequentially('36711088000105');
  await expect(page.getByLabel('Nome ou razão social')).toHaveValue('Padaria Pão Dourado Ltda');
  await expect(page.getByLabel('E-mail do tomador (opcional)')).toHaveValue('contato@paodourado.com.br');
  // Another name for that CNPJ is flagged, and the known tomador is one click away.
  await page.getByLabel('Nome ou razão social').fill('Mercado Bom Preço');
  await expect(page.getByText('Este CNPJ é de Padaria Pão Dourado Ltda')).toBeVisible();
  await page.getByRole('button', { name: 'Usar Padaria Pão Dourado Ltda' }).click();
  await expect(page.getByLabel('Nome ou razão social')).toHaveValue('Padaria Pão Dourado Ltda');
  await expect(page.getByLabel('E-mail do tomador (opcional)')).toHaveValue('contato@paodourado.com.br');
  await expect(page.getByText('Este CNPJ é de Padaria Pão Dourado Ltda')).toHaveCount(0);
  await page.getByLabel('Valor do serviço (R$)').pressSequentially('1234,56');
  await page.getByLabel('Descrição do serviço').fill(description);
  await page.getByLabel('Atividade (CNAE)').selectOption('6201501');
  await page.getByRole('button', { name: 'Solicitar nota' }).click();
  await expect(page.getByText('Solicitação enviada!')).toBeVisible();

  await page.getByRole('searchbox').fill(description);
  await page.getByRole('button', { name: 'Buscar' }).click();
  // Until the search answers, the list still shows older requests of the same tomador.
  const row = page.getByRole('row').filter({ hasText: description });
  await expect(row).toContainText('Padaria Pão Dourado');
  await expect(row).toContainText('R$ 1.234,56');
  await expect(row).toContainText('Solicitada');

  // The team issues it.
  const admin = await (await browser.newContext()).newPage();
  await signInFromLogin(admin, 'admin@demo.test');
  await admin.goto('/app/admin/invoices/nf-requests');
  await admin.getByRole('searchbox').fill(description);
  await admin.getByRole('button', { name: 'Buscar' }).click();
  // The queue shows every company's requests until the search answers with just this one.
  await expect(admin.getByRole('button', { name: 'Mendes Tech' })).toHaveCount(1);
  await admin.getByRole('button', { name: 'Mendes Tech' }).click();
  const drawer = admin.getByRole('dialog', { name: 'Solicitação de nota fiscal' });
  await drawer.getByRole('button', { name: 'Começar emissão' }).click();
  await expect(admin.getByText('Nota marcada como "Em emissão".')).toBeVisible();
  await drawer.getByRole('button', { name: 'Registrar emissão' }).click();
  await drawer.getByRole('button', { name: 'Registrar emissão' }).last().click();
  await expect(drawer.getByText('Informe o número da nota.')).toBeVisible();
  await drawer.getByLabel('Número da nota').fill('9001');
  // The files are chosen, but the access key is wrong: refused, and nothing reaches the customer's documents.
  const stamp = Date.now();
  const pdfName = `NFS-e 9001 ${stamp}.pdf`;
  const xmlName = `NFS-e 9001 ${stamp}.xml`;
  await drawer.getByLabel('Chave de acesso (opcional)').fill('3550308');
  await drawer.getByLabel('PDF da nota').setInputFiles({ name: pdfName, mimeType: 'application/pdf', buffer: PDF });
  await expect(drawer.getByText(pdfName)).toBeVisible();
  await drawer.getByLabel('XML da nota').setInputFiles({ name: xmlName, mimeType: 'application/xml', buffer: XML });
  await expect(drawer.getByText(xmlName)).toBeVisible();
  await drawer.getByRole('button', { name: 'Registrar emissão' }).last().click();
  await expect(drawer.getByText('A chave de acesso tem 50 caracteres.')).toBeVisible();
  const documents = await (await browser.newContext()).newPage();
  await signInFromLogin(documents, 'cliente@demo.test');
  await documents.goto('/app/documents');
  await expect(documents.getByRole('heading', { name: 'Documentos', level: 1 })).toBeVisible();
  await expect(documents.getByText('Contrato social').first()).toBeVisible();
  await expect(documents.getByText(pdfName)).toHaveCount(0);
  await expect(documents.getByText(xmlName)).toHaveCount(0);

  await drawer.getByLabel('Chave de acesso (opcional)').fill('3550308'.padEnd(50, '7'));
  await drawer.getByRole('button', { name: 'Registrar emissão' }).last().click();
  await expect(admin.getByText('Nota marcada como "Emitida".')).toBeVisible();
  // Issued: the invoice's files are the customer's documents, once each.
  await documents.reload();
  await expect(documents.getByText(pdfName)).toHaveCount(1);
  await expect(documents.getByText(xmlName)).toHaveCount(1);

  // The customer sees it issued and downloads the PDF.
  await page.reload();
  await expect(row).toContainText('Emitida');
  await row.getByRole('button').click();
  const detail = page.getByRole('dialog', { name: 'Nota fiscal' });
  await expect(detail.getByText('Nota nº 9001', { exact: true })).toBeVisible();
  const download = page.waitForEvent('download');
  await detail.getByRole('button', { name: 'PDF' }).click();
  expect((await download).suggestedFilename()).toBe(pdfName);
  await expect(detail.getByRole('button', { name: 'Excluir solicitação' })).toHaveCount(0);
});

test('a customer asks for an invoice to a tomador abroad: its NIF reason, country and address', async ({ page }) => {
  const description = `Licença de uso do módulo de relatórios ${Date.now()}`;
  await signInFromLogin(page, 'cliente@demo.test');
  await page.goto('/app/invoices?novo=true');
  await page.getByRole('radio', { name: /Exterior/ }).check();
  await expect(page.getByRole('checkbox', { name: 'O tomador retém o ISS' })).toHaveCount(0);
  await page.getByLabel('Nome ou razão social').fill('Globex Corporation GmbH');
  await page.getByLabel('Valor do serviço (R$)').pressSequentially('3000,00');
  await page.getByLabel('Descrição do serviço').fill(description);
  await page.getByRole('button', { name: 'Solicitar nota' }).click();
  await expect(page.getByText('Informe o NIF do tomador ou por que ele não tem um.')).toBeVisible();
  await expect(page.getByText('Escolha o país do tomador.')).toBeVisible();
  await expect(page.getByText('Informe o código postal do tomador.')).toBeVisible();

  await page.getByLabel('Sem NIF: por quê?').selectOption({ label: 'Não exigência do NIF' });
  await page.getByLabel('País').selectOption({ label: 'Alemanha' });
  await page.getByLabel('Código postal').fill('10115');
  await page.getByLabel('Cidade').fill('Berlim');
  await page.getByLabel('Estado, província ou região').fill('Berlim');
  await page.getByLabel('Logradouro').fill('Invalidenstraße');
  await page.getByLabel('Número', { exact: true }).fill('117');
  await page.getByLabel('Bairro ou distrito').fill('Mitte');
  await page.getByRole('button', { name: 'Solicitar nota' }).click();
  await expect(page.getByText('Solicitação enviada!')).toBeVisible();

  await page.getByRole('searchbox').fill(description);
  await page.getByRole('button', { name: 'Buscar' }).click();
  const row = page.getByRole('row').filter({ hasText: description });
  await expect(row).toContainText('Globex Corporation GmbH');
  await row.getByRole('button').click();
  const detail = page.getByRole('dialog', { name: 'Nota fiscal' });
  await expect(detail).toContainText('Tomador no exterior');
  await expect(detail).toContainText('Não exigência do NIF');
  await expect(detail).toContainText('Invalidenstraße, 117 — Mitte');
  await expect(detail).toContainText('Berlim, Berlim · Código postal 10115');
  await expect(detail).toContainText('Alemanha');
});

test('a tomador’s CEP the postal service does not know: the city is chosen from the state’s', async ({ page }) => {
  const description = `Consultoria em Brasiléia ${Date.now()}`;
  await signInFromLogin(page, 'cliente@demo.test');
  await page.goto('/app/invoices?novo=true');
  await page.getByLabel('CNPJ do tomador').pressSequentially('48391725000184');
  await page.getByLabel('Nome ou razão social').fill('Cooperativa do Alto Acre');
  await page.getByLabel('Valor do serviço (R$)').pressSequentially('850,00');
  await page.getByLabel('Descrição do serviço').fill(description);
  await page.getByLabel('CEP').pressSequentially('69932999');
  await expect(page.getByText('CEP não encontrado: confira o número ou escolha a UF e a cidade.')).toBeVisible();
  await page.getByLabel('UF', { exact: true }).selectOption('AC');
  await page.getByLabel('Cidade', { exact: true }).selectOption({ label: 'Brasiléia' });
  await page.getByLabel('Logradouro').fill('Avenida Prefeito Rolando Moreira');
  await page.getByLabel('Número', { exact: true }).fill('200');
  await page.getByLabel('Bairro').fill('Centro');
  await page.getByRole('button', { name: 'Solicitar nota' }).click();
  await expect(page.getByText('Solicitação enviada!')).toBeVisible();
  await page.getByRole('searchbox').fill(description);
  await page.getByRole('button', { name: 'Buscar' }).click();
  await page.getByRole('row').filter({ hasText: description }).getByRole('button').click();
  await expect(page.getByRole('dialog', { name: 'Nota fiscal' })).toContainText('Brasiléia/AC');
});

test('a customer deletes a request the team has not started, and filters the list', async ({ page }) => {
  await signInFromLogin(page, 'cliente@demo.test');
  await page.goto('/app/invoices?novo=true');
  await page.getByRole('radio', { name: 'Pessoa (CPF)' }).check();
  await page.getByLabel('CPF do tomador').pressSequentially('43894494352');
  await page.getByLabel('Nome ou razão social').fill('Cliente Para Excluir');
  await page.getByLabel('Valor do serviço (R$)').pressSequentially('150,00');
  await page.getByLabel('Descrição do serviço').fill('Aula particular de programação.');
  await page.getByRole('button', { name: 'Solicitar nota' }).click();
  await expect(page.getByText('Solicitação enviada!')).toBeVisible();

  await page.getByLabel('Situação').selectOption('requested');
  await page
    .getByRole('row', { name: /Cliente Para Excluir/ })
    .getByRole('button')
    .click();
  await page.getByRole('button', { name: 'Excluir solicitação' }).click();
  await page.getByRole('button', { name: 'Excluir', exact: true }).click();
  await expect(page.getByText('Solicitação excluída.')).toBeVisible();
  await expect(page.getByRole('row', { name: /Cliente Para Excluir/ })).toHaveCount(0);

  await page.getByLabel('Situação').selectOption('rejected');
  await expect(page.getByRole('row', { name: /Estúdio Aurora/ }).first()).toContainText('Recusada');
});

test('a customer schedules a monthly invoice and generates this month’s once', async ({ page }) => {
  await signInFromLogin(page, 'cliente@demo.test');
  await page.goto('/app/invoices?tab=agendamentos');
  await expect(page.getByText('Todo dia 5')).toBeVisible();
  await page.getByRole('button', { name: 'Novo agendamento' }).click();
  await page.getByLabel('CNPJ do tomador').pressSequentially('11222333000181');
  await expect(page.getByLabel('Nome ou razão social')).toHaveValue('Estúdio Aurora Design Ltda');
  await page.getByLabel('Valor do serviço (R$)').pressSequentially('2500,00');
  await page.getByLabel('Descrição do serviço').fill('Suporte mensal ao site.');
  await page.getByLabel('Dia do mês').selectOption('3');
  await page.getByRole('button', { name: 'Criar agendamento' }).click();
  await expect(page.getByText('Agendamento criado')).toBeVisible();

  const card = page.getByRole('listitem').filter({ hasText: 'Suporte mensal ao site.' });
  await expect(card).toContainText('Todo dia 3');
  await expect(card).toContainText('R$ 2.500,00');
  // Made after the 3rd, it first runs next month, and says so; made on or before it, this month.
  const today = saoPauloToday();
  await expect(card).toContainText(`próxima em ${runDay(3, today.day > 3 ? nextMonth(today) : today)}`);
  await card.getByRole('button', { name: 'Gerar agora' }).click();
  await expect(page.getByText('Nota deste mês solicitada.')).toBeVisible();
  await expect(card).toContainText(`próxima em ${runDay(3, nextMonth(today))}`);
  await card.getByRole('button', { name: 'Gerar agora' }).click();
  await expect(page.getByText('A nota deste mês já foi gerada para este agendamento.')).toBeVisible();
});

test('"Gerar agora" asks first when this month’s invoice to the tomador was already asked for by hand', async ({ page }) => {
  await signInFromLogin(page, 'cliente@demo.test');
  await page.goto('/app/invoices?tab=agendamentos');
  await page.getByRole('button', { name: 'Novo agendamento' }).click();
  // The demo has this month's hand-made request to Padaria Pão Dourado.
  await page.getByLabel('CNPJ do tomador').pressSequentially('36711088000105');
  await expect(page.getByLabel('Nome ou razão social')).toHaveValue('Padaria Pão Dourado Ltda');
  await page.getByLabel('Valor do serviço (R$)').pressSequentially('900,00');
  await page.getByLabel('Descrição do serviço').fill('Gestão mensal do cardápio digital.');
  await page.getByLabel('Dia do mês').selectOption('10');
  await page.getByRole('button', { name: 'Criar agendamento' }).click();
  await expect(page.getByText('Agendamento criado')).toBeVisible();

  const card = page.getByRole('listitem').filter({ hasText: 'Gestão mensal do cardápio digital.' });
  await card.getByRole('button', { name: 'Gerar agora' }).click();
  const dialog = page.getByRole('dialog', { name: 'Gerar outra nota para este tomador?' });
  await expect(dialog).toContainText('Você já pediu uma nota para Padaria Pão Dourado Ltda na competência');
  await dialog.getByRole('button', { name: 'Voltar' }).click();
  await expect(dialog).toHaveCount(0);
  await card.getByRole('button', { name: 'Gerar agora' }).click();
  await dialog.getByRole('button', { name: 'Gerar mesmo assim' }).click();
  await expect(page.getByText('Nota deste mês solicitada.')).toBeVisible();
});

/** Today in São Paulo, where the schedules go by. */
function saoPauloToday() {
  const [day, month, year] = new Intl.DateTimeFormat('pt-BR', {
    timeZone: 'America/Sao_Paulo',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  })
    .format(new Date())
    .split('/')
    .map(Number);
  return { day, month, year };
}

const nextMonth = ({ month, year }: { month: number; year: number }) =>
  month === 12 ? { month: 1, year: year + 1 } : { month: month + 1, year };

/** "03/12/2026": a schedule's day in a month, as the card shows it. */
const runDay = (day: number, { month, year }: { month: number; year: number }) =>
  `${String(day).padStart(2, '0')}/${String(month).padStart(2, '0')}/${year}`;
