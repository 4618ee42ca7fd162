import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { formatNationalServiceCode, isNationalServiceCodeShape } from '@domain/fiscalProfile';
import {
  isNationalServiceListComplete,
  nationalService,
  nationalServiceListVersion,
  nationalServices,
  serviceItemDigits,
} from '@server/nfse/national-services';

const file = JSON.parse(readFileSync(new URL('../../server/nfse/reference/national-services.json', import.meta.url), 'utf8')) as {
  complete: boolean;
  count: number;
  source: string;
  services: unknown[];
};

describe('the national service list shipped (Anexo B v1.01, LISTA.SERV.NAC.)', () => {
  it('is the whole official list: 338 codes, as the version has, with where it came from', () => {
    expect(isNationalServiceListComplete()).toBe(true);
    expect(nationalServiceListVersion()).toContain('v1.01 (20260122)');
    expect(nationalServices()).toHaveLength(338);
    expect(file.count).toBe(338);
    expect(file.services).toHaveLength(file.count);
    expect(file.source).toContain('rafael-negrao/nfse-nacional-service');
    expect(file.source).toContain('1c42367a4e5bb5078b972f3f916b8b96d537b454');
    expect(file.source).toContain('yagoS0/api-app-contabilidade');
  });

  it('has each code once, 6 digits, in order, its item the first 4 digits, with a description', () => {
    const codes = nationalServices().map((service) => service.code);
    expect(new Set(codes).size).toBe(codes.length);
    expect([...codes].sort()).toEqual(codes);
    for (const service of nationalServices()) {
      expect(service.code).toMatch(/^[0-9]{6}$/);
      expect(serviceItemDigits(service.item)).toBe(service.code.slice(0, 4));
      expect(service.description.trim()).toBe(service.description);
      expect(service.description.length).toBeGreaterThan(5);
    }
  });

  it('has only codes of the shape the fiscal profile accepts, 99.01.01 (outside LC 116) included', () => {
    expect(nationalServices().filter((service) => !isNationalServiceCodeShape(service.code))).toEqual([]);
    expect(nationalServices().filter((service) => service.code.startsWith('99'))).toEqual([
      { code: '990101', item: '99.01', description: 'Serviços sem a incidência de ISSQN e ICMS' },
    ]);
  });

  it('covers the 200 subitems of the LC 116 list in force (and 99.01), none of the vetoed ones', () => {
    const items = new Set(nationalServices().map((service) => service.item));
    expect(items.size).toBe(201);
    for (const vetoed of ['3.01', '7.14', '7.15', '13.01', '17.07']) expect(items.has(vetoed)).toBe(false);
    expect(new Set(nationalServices().map((service) => service.code.slice(0, 2))).size).toBe(41);
  });

  it('gives the official descriptions of known codes', () => {
    expect(nationalService('010101')?.description).toBe('Análise e desenvolvimento de sistemas.');
    expect(nationalService('010701')).toEqual({
      code: '010701',
      item: '1.07',
      description:
        'Suporte técnico em informática, inclusive instalação, configuração e manutenção de programas de computação e bancos de dados.',
    });
    expect(nationalService('171901')?.description).toBe('Contabilidade, inclusive serviços técnicos e auxiliares.');
    expect(nationalService('170201')?.description).toBe('Datilografia, digitação, estenografia e congêneres.');
    expect(nationalService('310104')?.description).toBe('Serviços técnicos em telecomunicações e congêneres.');
    expect(nationalService('140101')?.item).toBe('14.01');
  });

  it('has the national breakdowns of a subitem, and those new in v1.01', () => {
    expect(nationalService('010301')?.description).toMatch(/^Processamento de dados/);
    expect(nationalService('010302')?.description).toMatch(/^Armazenamento ou hospedagem de dados/);
    expect(nationalService('170101')?.description).toMatch(/^Assessoria ou consultoria de qualquer natureza/);
    expect(nationalService('170102')?.description).toMatch(/^Análise, exame, pesquisa/);
    expect(nationalService('141403')?.description).toBe('Guincho intramunicipal em construção civil.');
    expect(nationalService('141404')?.description).toBe('Guindaste e içamento em construção civil.');
    expect(nationalService('200101')?.description).toMatch(/\(prestado em terra\)$/);
    expect(nationalService('200102')?.description).toMatch(/\(prestado em águas marinhas\)$/);
  });

  it('has every code the product’s fixtures and benchmark use', () => {
    for (const code of ['010601', '010701', '171901', '060101', '080201', '170601']) {
      expect(nationalService(code), code).toBeDefined();
    }
  });

  it('knows no code outside the list, even one of a valid shape', () => {
    expect(nationalService('010199')).toBeUndefined();
    expect(nationalService('030101')).toBeUndefined();
    expect(nationalService('999999')).toBeUndefined();
    expect(nationalService('10101')).toBeUndefined();
  });

  it('shows a code as the DANFSe does', () => {
    expect(formatNationalServiceCode('010701')).toBe('01.07.01');
    expect(formatNationalServiceCode('xyz')).toBe('xyz');
  });
});
