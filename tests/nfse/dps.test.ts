import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { FiscalProfileSchema } from '@domain/fiscalProfile';
import type { FiscalProfileInput } from '@domain/fiscalProfile';
import { parseDpsId } from '@domain/nfseNacional';
import type { NfsRequestForDps } from '@server/nfse/dps';
import { DpsBuildError, buildDpsFromRequest, decimalValue, layoutText, saoPauloDateTime } from '@server/nfse/dps';
import { nationalService, nationalServices, isNationalServiceListComplete } from '@server/nfse/national-services';
import { preloadNfseSchemas, validateDpsXml } from '@server/nfse/xsd';

const MEI_CNPJ = '12345678000195';
const issuedAt = new Date('2026-03-05T17:07:09Z');

const profile = (input: Partial<FiscalProfileInput> = {}) =>
  v.parse(FiscalProfileSchema, { cityIbgeCode: '3550308', taxRegime: 'mei', serviceCode: '010701', ...input });

const request = (input: Partial<NfsRequestForDps> = {}): NfsRequestForDps => ({
  emissionType: 'cnpj',
  customerDocument: '11222333000181',
  customerName: 'Estúdio Aurora Design Ltda',
  customerEmail: 'financeiro@aurora.com.br',
  description: 'Suporte técnico em informática — março/2026',
  serviceItem: '1.07',
  competence: '2026-03',
  totalCents: 150050,
  issWithheld: false,
  ...input,
});

const build = (input: { request?: Partial<NfsRequestForDps>; profile?: Partial<FiscalProfileInput>; number?: string } = {}) =>
  buildDpsFromRequest({
    request: request(input.request),
    profile: profile(input.profile),
    companyCnpj: MEI_CNPJ,
    number: input.number ?? '42',
    environment: 'homologation',
    issuedAt,
  });

/** The text of the first element with this local name. */
const valueOf = (xml: string, name: string) => new RegExp(`<${name}>([^<]*)</${name}>`).exec(xml)?.[1];

describe('a DPS built from a request and the fiscal profile', () => {
  it('for an MEI validates against the national XSD and says MEI, without an ISS rate', () => {
    const { id, xml } = build({ profile: { issRate: 5 } });
    expect(validateDpsXml(xml)).toEqual({ ok: true });
    expect(xml).toContain(`<infDPS Id="${id}">`);
    expect(valueOf(xml, 'opSimpNac')).toBe('2');
    expect(xml).not.toContain('<regApTribSN>');
    expect(xml).not.toContain('<pAliq>');
    expect(valueOf(xml, 'tpAmb')).toBe('2');
    expect(valueOf(xml, 'dhEmi')).toBe('2026-03-05T14:07:09-03:00');
    expect(valueOf(xml, 'dCompet')).toBe('2026-03-01');
    expect(valueOf(xml, 'cTribNac')).toBe('010701');
    expect(valueOf(xml, 'vServ')).toBe('1500.50');
    expect(valueOf(xml, 'tpRetISSQN')).toBe('1');
  });

  it('for a Simples Nacional ME/EPP validates, with its apportionment, rate, NBS, municipal codes and ISS withheld', () => {
    const { xml } = build({
      profile: {
        taxRegime: 'simples',
        simplesApportionment: '1',
        issRate: '2,5',
        simplesTaxRate: '6,54',
        nbsCode: '1.1502.10.00',
        municipalServiceCode: '001',
        municipalRegistration: '12345678',
        dpsSeries: '900',
      },
      request: { issWithheld: true, emissionType: 'cpf', customerDocument: '52998224725', customerEmail: null },
    });
    expect(validateDpsXml(xml)).toEqual({ ok: true });
    expect(valueOf(xml, 'opSimpNac')).toBe('3');
    expect(valueOf(xml, 'regApTribSN')).toBe('1');
    // ISS in the DAS and withheld by the taker: the rate goes in (rule E0621), pAliq after tpRetISSQN (layout 1.01).
    expect(xml).toContain('<tpRetISSQN>2</tpRetISSQN><pAliq>2.50</pAliq>');
    expect(valueOf(xml, 'pTotTribSN')).toBe('6.54');
    expect(valueOf(xml, 'tpRetISSQN')).toBe('2');
    expect(valueOf(xml, 'cNBS')).toBe('115021000');
    expect(valueOf(xml, 'cTribMun')).toBe('001');
    expect(valueOf(xml, 'IM')).toBe('12345678');
    expect(valueOf(xml, 'CPF')).toBe('52998224725');
    expect(valueOf(xml, 'serie')).toBe('900');
  });

  it('carries an id of 45 characters made of the city, the CNPJ, the series and the number', () => {
    const { id, xml } = build({ number: '123', profile: { dpsSeries: '7' } });
    expect(id).toHaveLength(45);
    expect(parseDpsId(id)).toEqual({
      cityIbgeCode: '3550308',
      inscriptionType: 'cnpj',
      inscription: MEI_CNPJ,
      series: '7',
      number: '123',
    });
    expect(valueOf(xml, 'nDPS')).toBe('123');
  });

  it('escapes what people type and keeps to the characters the layout takes', () => {
    const { xml } = build({
      request: { customerName: 'Bar & Café “Ponto” <Sul> 😀', description: 'Linha 1\n\n\n\nLinha\t2 – fim' },
    });
    expect(valueOf(xml, 'xNome')).toBe('Bar &amp; Café "Ponto" &lt;Sul&gt;');
    expect(xml).toContain('<xDescServ>Linha 1\n\nLinha 2 - fim</xDescServ>');
    expect(validateDpsXml(xml)).toEqual({ ok: true });
  });

  it('refuses a competence after the issue date and a service item that is not the profile’s, in Portuguese', () => {
    expect(() => build({ request: { competence: '2026-04' } })).toThrow(
      new DpsBuildError(
        'competence',
        'A competência 04/2026 é posterior à data de emissão: emita a nota a partir do mês do serviço.',
      ),
    );
    expect(() => build({ request: { serviceItem: '17.01' } })).toThrow(
      'O item da lista de serviços da solicitação (17.01) não corresponde a nenhum serviço do perfil fiscal (01.07.01). Corrija a solicitação ou o perfil fiscal.',
    );
    expect(() => build({ request: { serviceItem: '01.07' } })).not.toThrow();
    expect(() => build({ request: { serviceItem: null } })).not.toThrow();
  });

  it('takes the service the request chose among the company’s, without the main one’s NBS and municipal codes', () => {
    const services = { otherServiceCodes: '17.01.01, 01.03.01', nbsCode: '1.1502.10.00', municipalServiceCode: '001' };
    const chosen = build({ profile: services, request: { serviceItem: null, serviceCode: '170101' } }).xml;
    expect(valueOf(chosen, 'cTribNac')).toBe('170101');
    expect(chosen).not.toContain('<cNBS>');
    expect(chosen).not.toContain('<cTribMun>');
    expect(validateDpsXml(chosen)).toEqual({ ok: true });
    const main = build({ profile: services, request: { serviceItem: null, serviceCode: '010701' } }).xml;
    expect(valueOf(main, 'cTribNac')).toBe('010701');
    expect(valueOf(main, 'cNBS')).toBe('115021000');
    expect(valueOf(main, 'cTribMun')).toBe('001');
    // An older request's typed subitem finds the service it names.
    expect(valueOf(build({ profile: services, request: { serviceItem: '1.03' } }).xml, 'cTribNac')).toBe('010301');
    expect(() => build({ profile: services, request: { serviceItem: null, serviceCode: '140101' } })).toThrow(
      new DpsBuildError(
        'serviceCode',
        'O serviço da solicitação (14.01.01) não está entre os serviços do perfil fiscal (01.07.01, 17.01.01, 01.03.01). Corrija a solicitação ou o perfil fiscal.',
      ),
    );
  });
});

describe('validation against the XSD before sending', () => {
  it('names the broken field in Portuguese', () => {
    const { xml } = build();
    const result = validateDpsXml(xml.replace('<cTribNac>010701</cTribNac>', '<cTribNac>0107</cTribNac>'));
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.issues).toHaveLength(1);
    expect(result.issues[0]).toMatchObject({
      path: 'infDPS/serv/cServ/cTribNac',
      field: 'Código de tributação nacional (item, subitem e desdobro)',
      message: 'Código de tributação nacional (item, subitem e desdobro): o valor "0107" não está no formato exigido.',
    });
    expect(result.message).toBe(result.issues[0]!.message);
  });

  it('tells whose document is wrong: the tomador’s CNPJ is not the prestador’s', () => {
    const { xml } = build({ request: { customerDocument: '11222333' } });
    const result = validateDpsXml(xml);
    expect(result.ok === false && result.issues.map((issue) => issue.message)).toEqual([
      'CNPJ do tomador: o valor "11222333" não está no formato exigido.',
    ]);
  });

  it('names a field that is missing, not its neighbour', () => {
    const { xml } = build();
    const withoutCompetence = xml.replace(/<dCompet>[^<]*<\/dCompet>/, '');
    const result = validateDpsXml(withoutCompetence);
    expect(result.ok === false && result.issues[0]).toMatchObject({
      path: 'infDPS/dCompet',
      message: 'Data de competência: não foi informado (em seu lugar veio Emitente da DPS).',
    });
    const withoutValue = xml.replace(/<vServ>[^<]*<\/vServ>/, '');
    // libxml2 lists every element that may come next there: the optional one before the missing one too.
    expect(validateDpsXml(withoutValue)).toMatchObject({
      ok: false,
      message: 'Valor do serviço prestado: falta Valor recebido pelo intermediário ou Valor do serviço.',
    });
    const withoutTaker = xml.replace(/<toma><CNPJ>[^<]*<\/CNPJ>/, '<toma>');
    expect(validateDpsXml(withoutTaker)).toMatchObject({
      ok: false,
      message:
        'Nome ou razão social do tomador: não é esperado neste ponto (esperado: CNPJ do tomador ou CPF do tomador ou NIF do tomador ou Motivo de não informar o NIF do tomador).',
    });
  });

  it('explains limits and allowed values', () => {
    const { xml } = build();
    const longName = validateDpsXml(xml.replace(/<xNome>[^<]*<\/xNome>/, `<xNome>${'A'.repeat(301)}</xNome>`));
    expect(longName).toMatchObject({
      ok: false,
      message: 'Nome ou razão social do tomador: tem 301 caracteres; o máximo é 300.',
    });
    const regime = validateDpsXml(xml.replace('<opSimpNac>2</opSimpNac>', '<opSimpNac>4</opSimpNac>'));
    expect(regime).toMatchObject({
      ok: false,
      message: 'Situação no Simples Nacional: o valor "4" não é permitido (valores aceitos: 1, 2, 3).',
    });
    const badId = validateDpsXml(xml.replace(/Id="DPS\d+"/, 'Id="DPS1"'));
    expect(badId).toMatchObject({ ok: false, message: 'Identificador da DPS (Id): o valor "DPS1" não está no formato exigido.' });
  });

  it('compiles every national schema it ships (DPS, NFS-e, event request, event)', () => {
    expect(() => preloadNfseSchemas()).not.toThrow();
  });

  it('reports malformed XML and a document of another kind', () => {
    expect(validateDpsXml('<DPS><infDPS>')).toMatchObject({ ok: false, message: 'O XML está malformado e não pôde ser lido.' });
    expect(validateDpsXml('<NFSe xmlns="http://www.sped.fazenda.gov.br/nfse"/>')).toMatchObject({ ok: false });
  });
});

describe('values and dates in the layout’s formats', () => {
  it('writes centavos as a decimal with two places', () => {
    expect(decimalValue(100)).toBe('1.00');
    expect(decimalValue(150050)).toBe('1500.50');
    expect(decimalValue(7)).toBe('0.07');
    expect(() => decimalValue(1.5)).toThrow();
  });

  it('writes the issue time in São Paulo with its offset', () => {
    expect(saoPauloDateTime(new Date('2026-01-01T02:30:00.900Z'))).toBe('2025-12-31T23:30:00-03:00');
  });

  it('keeps only Latin-1 text on one line where the field has no line breaks', () => {
    expect(layoutText('  Ação\u00a0 “x”\n y 🚀 ')).toBe('Ação "x" y');
  });
});

describe('the national service list shipped', () => {
  it('says it is complete, and every code in it is well formed and unique', () => {
    expect(isNationalServiceListComplete()).toBe(true);
    const codes = nationalServices().map((service) => service.code);
    expect(new Set(codes).size).toBe(codes.length);
    for (const service of nationalServices()) {
      expect(service.code).toMatch(/^[0-9]{6}$/);
      const [item, subitem] = service.item.split('.');
      expect(service.code.slice(0, 4)).toBe(`${item!.padStart(2, '0')}${subitem}`);
      expect(service.description.length).toBeGreaterThan(3);
    }
    expect(nationalService('010701')?.description).toMatch(/^Suporte técnico em informática/);
    expect(nationalService('999999')).toBeUndefined();
  });
});
