/**
 * What the DANFSe v2.0 prints, read from the NFS-e XML (national layouts 1.00 and 1.01 name these fields alike): the
 * NFS-e's own group (`infNFSe`: number, dates, issuer, values the national system computed, IBS/CBS totals) and the DPS
 * it embeds (the parties, the service, the taxes the provider declared). Values stay as the XML writes them (decimal
 * strings, codes); the drawing (danfse.ts) formats them. Field names: tiposComplexos_v1.01.xsd.
 */
import { XmlDocument } from 'libxml2-wasm';
import { NFSE_NAMESPACE } from './dps';
import { municipality } from '../seed/municipalities';

export type DanfseAddress =
  | {
      kind: 'national';
      street: string;
      number: string;
      complement?: string;
      district: string;
      cityIbgeCode: string;
      /** From the IBGE table (or the NFS-e's own text for the issuer); undefined when unknown. */
      cityName?: string;
      state?: string;
      postalCode: string;
    }
  | {
      kind: 'foreign';
      street: string;
      number: string;
      complement?: string;
      district: string;
      /** ISO 3166-1 alpha-2. */
      countryCode: string;
      city: string;
      region: string;
      postalCode: string;
    };

export type DanfseParty = {
  /** `cnpj`/`cpf`/`nif`: the document; `nonif`: a foreigner without NIF (`cNaoNIF` says why). */
  documentType: 'cnpj' | 'cpf' | 'nif' | 'nonif';
  document: string;
  name: string;
  municipalRegistration?: string;
  phone?: string;
  email?: string;
  address?: DanfseAddress;
};

export type DanfseData = {
  accessKey: string;
  number: string;
  /** `dhProc`, as written (with its offset). */
  processedAt: string;
  /** `tpAmb` of the DPS: 1 production, 2 homologation. */
  environment: string;
  /** `ambGer`: 1 the city's system, 2 the national system. */
  generator: string;
  cityName: string;
  dps: {
    number: string;
    series: string;
    issuedAt: string;
    competence: string;
    /** `tpEmit`: 1 provider, 2 taker, 3 intermediary. */
    issuerType: string;
    /** `subst/chSubstda`: the NFS-e this one replaces. */
    replaces?: string;
  };
  issuer: DanfseParty & { tradeName?: string };
  /** `opSimpNac`, `regApTribSN`, `regEspTrib`. */
  regime: { simples: string; simplesApportionment?: string; special: string };
  taker: DanfseParty | null;
  intermediary: DanfseParty | null;
  /** From the IBS/CBS group: `indDest` 0 (the taker) or 1 with `dest`; null when the DPS has no IBS/CBS group. */
  recipient: { sameAsTaker: true } | { sameAsTaker: false; party: DanfseParty | null } | null;
  service: {
    nationalCode: string;
    nationalDescription: string;
    municipalCode?: string;
    municipalDescription?: string;
    nbsCode?: string;
    placeName: string;
    /** `cPaisPrestacao`: a service provided abroad. */
    placeCountry?: string;
    description: string;
  };
  municipalTax: {
    /** `tribISSQN`: 1 taxable, 2 immunity, 3 export, 4 no incidence. */
    taxation: string;
    incidenceName?: string;
    resultCountry?: string;
    immunity?: string;
    suspension?: { type: string; process: string };
    /** `tpRetISSQN`: 1 not withheld, 2 by the taker, 3 by the intermediary. */
    withholding: string;
    deductions?: string;
    calculationBase?: string;
    rate?: string;
    iss?: string;
  };
  federalTax: {
    irrf?: string;
    cp?: string;
    csll?: string;
    pis?: string;
    cofins?: string;
    pisCofinsWithholding?: string;
  };
  ibsCbs: {
    purpose?: string;
    operationIndicator?: string;
    cst?: string;
    classification?: string;
    incidenceName?: string;
    base?: string;
    ibsStateRate?: string;
    ibsStateEffective?: string;
    ibsCityRate?: string;
    ibsCityEffective?: string;
    cbsRate?: string;
    cbsEffective?: string;
    ibsState?: string;
    ibsCity?: string;
    ibsTotal?: string;
    cbs?: string;
    totalWithIbsCbs?: string;
  } | null;
  values: {
    service: string;
    unconditionalDiscount?: string;
    conditionalDiscount?: string;
    totalWithheld?: string;
    net: string;
  };
  /** Lei 12.741/2012: amounts, percentages, the Simples rate, or none (`indTotTrib`). */
  approximateTaxes:
    | { kind: 'amounts'; federal: string; state: string; city: string }
    | { kind: 'percentages'; federal: string; state: string; city: string }
    | { kind: 'simples'; rate: string }
    | { kind: 'none' };
  additional: {
    complementary?: string;
    documentReference?: string;
    order?: string;
    technicalDocument?: string;
    /** `xOutInf`: the tax administration's text. */
    administration?: string;
  };
};

const NS = { n: NFSE_NAMESPACE };

/** Reads an NFS-e XML for its DANFSe; throws when it is not an NFS-e. */
export function readDanfseData(xml: string): DanfseData {
  const doc = XmlDocument.fromString(xml);
  try {
    const text = (path: string): string | undefined => {
      const value = doc.get(path, NS)?.content.trim();
      return value === undefined || value === '' ? undefined : value;
    };
    const has = (path: string) => doc.get(path, NS) !== null;
    const required = (path: string): string => {
      const value = text(path);
      if (value === undefined) throw new Error(`A NFS-e não tem ${path}.`);
      return value;
    };

    const inf = '/n:NFSe/n:infNFSe';
    const dps = `${inf}/n:DPS/n:infDPS`;
    const trib = `${dps}/n:valores/n:trib`;
    const ibs = `${dps}/n:IBSCBS`;
    const ibsNfse = `${inf}/n:IBSCBS`;

    const address = (base: string): DanfseAddress | undefined => {
      const end = `${base}/n:end`;
      if (!has(end)) return undefined;
      const common = {
        street: text(`${end}/n:xLgr`) ?? '',
        number: text(`${end}/n:nro`) ?? '',
        complement: text(`${end}/n:xCpl`),
        district: text(`${end}/n:xBairro`) ?? '',
      };
      if (has(`${end}/n:endExt`)) {
        return {
          kind: 'foreign',
          ...common,
          countryCode: text(`${end}/n:endExt/n:cPais`) ?? '',
          city: text(`${end}/n:endExt/n:xCidade`) ?? '',
          region: text(`${end}/n:endExt/n:xEstProvReg`) ?? '',
          postalCode: text(`${end}/n:endExt/n:cEndPost`) ?? '',
        };
      }
      const cityIbgeCode = text(`${end}/n:endNac/n:cMun`) ?? '';
      const city = municipality(cityIbgeCode);
      return {
        kind: 'national',
        ...common,
        cityIbgeCode,
        cityName: city?.name,
        state: city?.state,
        postalCode: text(`${end}/n:endNac/n:CEP`) ?? '',
      };
    };

    const party = (base: string): DanfseParty | null => {
      if (!has(base)) return null;
      const cnpj = text(`${base}/n:CNPJ`);
      const cpf = text(`${base}/n:CPF`);
      const nif = text(`${base}/n:NIF`);
      return {
        documentType: cnpj ? 'cnpj' : cpf ? 'cpf' : nif ? 'nif' : 'nonif',
        document: cnpj ?? cpf ?? nif ?? text(`${base}/n:cNaoNIF`) ?? '',
        name: text(`${base}/n:xNome`) ?? '',
        municipalRegistration: text(`${base}/n:IM`),
        phone: text(`${base}/n:fone`),
        email: text(`${base}/n:email`),
        address: address(base),
      };
    };

    const emit = `${inf}/n:emit`;
    const issuerCity = text(`${emit}/n:enderNac/n:cMun`) ?? '';
    const issuer: DanfseData['issuer'] = {
      documentType: text(`${emit}/n:CNPJ`) ? 'cnpj' : 'cpf',
      document: text(`${emit}/n:CNPJ`) ?? text(`${emit}/n:CPF`) ?? '',
      name: required(`${emit}/n:xNome`),
      tradeName: text(`${emit}/n:xFant`),
      municipalRegistration: text(`${emit}/n:IM`),
      // The NFS-e's issuer group first; the DPS's provider group when the issuer's has no contact.
      phone: text(`${emit}/n:fone`) ?? text(`${dps}/n:prest/n:fone`),
      email: text(`${emit}/n:email`) ?? text(`${dps}/n:prest/n:email`),
      address: has(`${emit}/n:enderNac`)
        ? {
            kind: 'national',
            street: text(`${emit}/n:enderNac/n:xLgr`) ?? '',
            number: text(`${emit}/n:enderNac/n:nro`) ?? '',
            complement: text(`${emit}/n:enderNac/n:xCpl`),
            district: text(`${emit}/n:enderNac/n:xBairro`) ?? '',
            cityIbgeCode: issuerCity,
            cityName: municipality(issuerCity)?.name ?? text(`${inf}/n:xLocEmi`),
            state: text(`${emit}/n:enderNac/n:UF`) ?? municipality(issuerCity)?.state,
            postalCode: text(`${emit}/n:enderNac/n:CEP`) ?? '',
          }
        : undefined,
    };

    const recipient = ((): DanfseData['recipient'] => {
      const indDest = text(`${ibs}/n:indDest`);
      if (indDest === undefined) return null;
      if (indDest === '0') return { sameAsTaker: true };
      return { sameAsTaker: false, party: party(`${ibs}/n:dest`) };
    })();

    const approximateTaxes = ((): DanfseData['approximateTaxes'] => {
      const total = `${trib}/n:totTrib`;
      if (has(`${total}/n:vTotTrib`)) {
        return {
          kind: 'amounts',
          federal: text(`${total}/n:vTotTrib/n:vTotTribFed`) ?? '0.00',
          state: text(`${total}/n:vTotTrib/n:vTotTribEst`) ?? '0.00',
          city: text(`${total}/n:vTotTrib/n:vTotTribMun`) ?? '0.00',
        };
      }
      if (has(`${total}/n:pTotTrib`)) {
        return {
          kind: 'percentages',
          federal: text(`${total}/n:pTotTrib/n:pTotTribFed`) ?? '0.00',
          state: text(`${total}/n:pTotTrib/n:pTotTribEst`) ?? '0.00',
          city: text(`${total}/n:pTotTrib/n:pTotTribMun`) ?? '0.00',
        };
      }
      const simples = text(`${total}/n:pTotTribSN`);
      return simples ? { kind: 'simples', rate: simples } : { kind: 'none' };
    })();

    const hasIbsCbs = has(ibs) || has(ibsNfse);
    const gIbsCbs = `${ibs}/n:valores/n:trib/n:gIBSCBS`;
    const totals = `${ibsNfse}/n:totCIBS`;
    const rates = `${ibsNfse}/n:valores`;

    return {
      accessKey: required(`${inf}/@Id`).replace(/^NFS/, ''),
      number: required(`${inf}/n:nNFSe`),
      processedAt: required(`${inf}/n:dhProc`),
      environment: text(`${dps}/n:tpAmb`) ?? '',
      generator: text(`${inf}/n:ambGer`) ?? '',
      cityName: required(`${inf}/n:xLocEmi`),
      dps: {
        number: required(`${dps}/n:nDPS`),
        series: required(`${dps}/n:serie`),
        issuedAt: required(`${dps}/n:dhEmi`),
        competence: required(`${dps}/n:dCompet`),
        issuerType: text(`${dps}/n:tpEmit`) ?? '1',
        replaces: text(`${dps}/n:subst/n:chSubstda`),
      },
      issuer,
      regime: {
        simples: text(`${dps}/n:prest/n:regTrib/n:opSimpNac`) ?? '',
        simplesApportionment: text(`${dps}/n:prest/n:regTrib/n:regApTribSN`),
        special: text(`${dps}/n:prest/n:regTrib/n:regEspTrib`) ?? '0',
      },
      taker: party(`${dps}/n:toma`),
      intermediary: party(`${dps}/n:interm`),
      recipient,
      service: {
        nationalCode: required(`${dps}/n:serv/n:cServ/n:cTribNac`),
        nationalDescription: text(`${inf}/n:xTribNac`) ?? '',
        municipalCode: text(`${dps}/n:serv/n:cServ/n:cTribMun`),
        municipalDescription: text(`${inf}/n:xTribMun`),
        nbsCode: text(`${dps}/n:serv/n:cServ/n:cNBS`),
        placeName: text(`${inf}/n:xLocPrestacao`) ?? '',
        placeCountry: text(`${dps}/n:serv/n:locPrest/n:cPaisPrestacao`),
        description: required(`${dps}/n:serv/n:cServ/n:xDescServ`),
      },
      municipalTax: {
        taxation: text(`${trib}/n:tribMun/n:tribISSQN`) ?? '1',
        incidenceName: text(`${inf}/n:xLocIncid`),
        resultCountry: text(`${trib}/n:tribMun/n:cPaisResult`),
        immunity: text(`${trib}/n:tribMun/n:tpImunidade`),
        suspension: has(`${trib}/n:tribMun/n:exigSusp`)
          ? {
              type: text(`${trib}/n:tribMun/n:exigSusp/n:tpSusp`) ?? '',
              process: text(`${trib}/n:tribMun/n:exigSusp/n:nProcesso`) ?? '',
            }
          : undefined,
        withholding: text(`${trib}/n:tribMun/n:tpRetISSQN`) ?? '1',
        deductions: text(`${inf}/n:valores/n:vCalcDR`) ?? text(`${dps}/n:valores/n:vDedRed/n:vDR`),
        calculationBase: text(`${inf}/n:valores/n:vBC`),
        rate: text(`${inf}/n:valores/n:pAliqAplic`) ?? text(`${trib}/n:tribMun/n:pAliq`),
        iss: text(`${inf}/n:valores/n:vISSQN`),
      },
      federalTax: {
        irrf: text(`${trib}/n:tribFed/n:vRetIRRF`),
        cp: text(`${trib}/n:tribFed/n:vRetCP`),
        csll: text(`${trib}/n:tribFed/n:vRetCSLL`),
        pis: text(`${trib}/n:tribFed/n:piscofins/n:vPis`),
        cofins: text(`${trib}/n:tribFed/n:piscofins/n:vCofins`),
        pisCofinsWithholding: text(`${trib}/n:tribFed/n:piscofins/n:tpRetPisCofins`),
      },
      ibsCbs: hasIbsCbs
        ? {
            purpose: text(`${ibs}/n:finNFSe`),
            operationIndicator: text(`${ibs}/n:cIndOp`),
            cst: text(`${gIbsCbs}/n:CST`),
            classification: text(`${gIbsCbs}/n:cClassTrib`),
            incidenceName: text(`${ibsNfse}/n:xLocalidadeIncid`),
            base: text(`${rates}/n:vBC`),
            ibsStateRate: text(`${rates}/n:uf/n:pIBSUF`),
            ibsStateEffective: text(`${rates}/n:uf/n:pAliqEfetUF`),
            ibsCityRate: text(`${rates}/n:mun/n:pIBSMun`),
            ibsCityEffective: text(`${rates}/n:mun/n:pAliqEfetMun`),
            cbsRate: text(`${rates}/n:fed/n:pCBS`),
            cbsEffective: text(`${rates}/n:fed/n:pAliqEfetCBS`),
            ibsState: text(`${totals}/n:gIBS/n:gIBSUFTot/n:vIBSUF`),
            ibsCity: text(`${totals}/n:gIBS/n:gIBSMunTot/n:vIBSMun`),
            ibsTotal: text(`${totals}/n:gIBS/n:vIBSTot`),
            cbs: text(`${totals}/n:gCBS/n:vCBS`),
            totalWithIbsCbs: text(`${totals}/n:vTotNF`),
          }
        : null,
      values: {
        service: required(`${dps}/n:valores/n:vServPrest/n:vServ`),
        unconditionalDiscount: text(`${dps}/n:valores/n:vDescCondIncond/n:vDescIncond`),
        conditionalDiscount: text(`${dps}/n:valores/n:vDescCondIncond/n:vDescCond`),
        totalWithheld: text(`${inf}/n:valores/n:vTotalRet`),
        net: required(`${inf}/n:valores/n:vLiq`),
      },
      approximateTaxes,
      additional: {
        complementary: text(`${dps}/n:serv/n:infoCompl/n:xInfComp`),
        documentReference: text(`${dps}/n:serv/n:infoCompl/n:docRef`),
        order: text(`${dps}/n:serv/n:infoCompl/n:xPed`),
        technicalDocument: text(`${dps}/n:serv/n:infoCompl/n:idDocTec`),
        administration: text(`${inf}/n:xOutInf`),
      },
    };
  } finally {
    doc.dispose();
  }
}
