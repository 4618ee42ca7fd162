/**
 * The tomador's address in the DPS, over HTTP through the national system's stand-in: a national address when the ISS
 * is withheld (E0237), and a tomador abroad with its NIF, foreign address and foreign-trade group (E0242, E0330).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentMonth } from '@server/db/invoices';
import { nfseEmissions } from '@server/db/schema';
import type { TestServer, TestUser } from '../support/server';
import type { NfseWorld } from '../support/nfse-world';
import { startNfseWorld } from '../support/nfse-world';
import { PRACA_DA_SE_TYPED, SAN_FRANCISCO_ADDRESS } from '../support/addresses';

let server: TestServer;
let admin: TestUser;
let customer: TestUser;
let companyId: string;

const invoice = {
  totalValue: '1.500,50',
  customerName: 'Estúdio Aurora Design Ltda',
  description: 'Desenvolvimento do aplicativo de agendamentos (sprint do mês).',
  activity: '6201501',
};

async function newRequest(body: Record<string, unknown>) {
  const { status, body: answer } = await server.call(`/api/nfs/requests?companyId=${companyId}`, {
    method: 'POST',
    token: customer.token,
    body: { ...invoice, competence: currentMonth(), ...body },
  });
  expect(answer.error).toBeUndefined();
  expect(status).toBe(201);
  return answer.data.id as string;
}

async function emitted(id: string) {
  const preview = await server.call(`/api/nfs/requests/${id}/emission`, { token: admin.token });
  const { status, body } = await server.call(`/api/nfs/requests/${id}/emission`, { method: 'POST', token: admin.token });
  expect(status).toBe(200);
  expect(body.data.status).toBe('issued');
  const [emission] = await server.db.select().from(nfseEmissions).where(eq(nfseEmissions.requestId, id));
  return { summary: preview.body.data.dps.summary as [string, string][], dps: emission.signedDpsXml ?? '' };
}

let world: NfseWorld;

beforeAll(async () => {
  world = await startNfseWorld({ profile: { nbsCode: '1.1502.10.00' } });
  ({ server, companyId, admin, customer } = world);
});

afterAll(() => world?.close());

describe('the tomador in the DPS', () => {
  it('sends the national address when the tomador withholds the ISS, and the team sees it with the city’s name', async () => {
    const id = await newRequest({
      emissionType: 'cnpj',
      cnpj: '11.222.333/0001-81',
      issWithheld: true,
      customerAddress: PRACA_DA_SE_TYPED,
    });
    const { summary, dps } = await emitted(id);
    expect(summary).toContainEqual(['Tomador', '\u2068Estúdio Aurora Design Ltda\u2069 (CNPJ 11.222.333/0001-81)']);
    expect(summary).toContainEqual(['Endereço do tomador', 'Praça da Sé, 100, Sala 2 — Sé · São Paulo/SP · CEP 01001-000']);
    expect(dps).toContain(
      '<end><endNac><cMun>3550308</cMun><CEP>01001000</CEP></endNac><xLgr>Praça da Sé</xLgr><nro>100</nro><xCpl>Sala 2</xCpl><xBairro>Sé</xBairro></end>',
    );
    expect(dps).toContain('<tpRetISSQN>2</tpRetISSQN>');
  });

  it('sends a tomador abroad with its NIF, its foreign address and the foreign-trade group', async () => {
    const id = await newRequest({
      emissionType: 'foreign',
      nif: '98-7654321',
      customerName: 'Acme Software Inc.',
      customerAddress: {
        ...SAN_FRANCISCO_ADDRESS,
      },
    });
    const { summary, dps } = await emitted(id);
    expect(summary).toContainEqual(['Tomador', '\u2068Acme Software Inc.\u2069 (no exterior, NIF 98-7654321)']);
    expect(summary).toContainEqual([
      'Endereço do tomador',
      'Market Street, 500 — SoMa · San Francisco, California · Código postal 94105 · Estados Unidos',
    ]);
    expect(dps).toContain('<toma><NIF>98-7654321</NIF><xNome>Acme Software Inc.</xNome>');
    expect(dps).toContain(
      '<endExt><cPais>US</cPais><cEndPost>94105</cEndPost><xCidade>San Francisco</xCidade><xEstProvReg>California</xEstProvReg></endExt>',
    );
    expect(dps).toContain('<comExt><mdPrestacao>1</mdPrestacao>');
    expect(dps).toContain('<cNBS>115021000</cNBS>');
  });

  it('sends the reason of a tomador abroad without a NIF', async () => {
    const id = await newRequest({
      emissionType: 'foreign',
      noNifReason: '2',
      customerName: 'Lisboa Estúdio Lda',
      customerAddress: {
        countryCode: 'PT',
        postalCode: '1100-148',
        city: 'Lisboa',
        region: 'Lisboa',
        street: 'Rua Augusta',
        number: '10',
        district: 'Baixa',
      },
    });
    const { summary, dps } = await emitted(id);
    expect(summary).toContainEqual(['Tomador', '\u2068Lisboa Estúdio Lda\u2069 (no exterior, sem NIF: não exigência do NIF)']);
    expect(dps).toContain('<toma><cNaoNIF>2</cNaoNIF><xNome>Lisboa Estúdio Lda</xNome>');
    expect(dps).toContain('<endExt><cPais>PT</cPais>');
  });
});
