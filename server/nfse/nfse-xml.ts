/**
 * What an NFS-e XML says, read with libxml2: the access key and number the client checks and stores, and a summary
 * of the issuer, the taker, the DPS and the values (the stand-in's tests read it). The DANFSe reads the whole
 * document with danfse-data.ts.
 */
import { XmlDocument } from 'libxml2-wasm';
import { NFSE_NAMESPACE } from './dps';

export type NfseParty = {
  /** "CNPJ" or "CPF", and its digits. */
  documentType: 'CNPJ' | 'CPF' | null;
  document: string;
  name: string;
  municipalRegistration?: string;
  email?: string;
  phone?: string;
  address?: {
    street: string;
    number: string;
    complement?: string;
    district: string;
    cityIbgeCode: string;
    state: string;
    postalCode: string;
  };
};

export type NfseDocument = {
  accessKey: string;
  number: string;
  /** `dhProc`: when the national system issued it, as written (with its offset). */
  processedAt: string;
  /** `cStat` (100: NFS-e issued). */
  status: string;
  environment: '1' | '2' | string;
  cityName: string;
  placeName: string;
  nationalServiceDescription: string;
  issuer: NfseParty;
  taker: NfseParty | null;
  dps: { id: string; series: string; number: string; issuedAt: string; competenceDate: string };
  service: { nationalCode: string; municipalCode?: string; description: string; nbsCode?: string };
  values: {
    /** Decimal strings as in the XML ("1500.50"). */
    service: string;
    net: string;
    calculationBase?: string;
    issRate?: string;
    iss?: string;
    withheld?: string;
    /** 1: not withheld, 2: withheld by the taker, 3: by the intermediary. */
    issWithholding?: string;
  };
};

const NS = { n: NFSE_NAMESPACE };

/** Reads an NFS-e XML; throws when it is not one. */
export function readNfseXml(xml: string): NfseDocument {
  const doc = XmlDocument.fromString(xml);
  try {
    const text = (path: string): string | undefined => {
      const node = doc.get(path, NS);
      return node ? node.content : undefined;
    };
    const required = (path: string): string => {
      const value = text(path);
      if (value === undefined) throw new Error(`A NFS-e não tem ${path}.`);
      return value;
    };
    const inf = '/n:NFSe/n:infNFSe';
    const id = required(`${inf}/@Id`);
    const dps = `${inf}/n:DPS/n:infDPS`;
    const party = (base: string, addressPath: string): NfseParty | null => {
      if (!doc.get(base, NS)) return null;
      const cnpj = text(`${base}/n:CNPJ`);
      const cpf = text(`${base}/n:CPF`);
      const address = doc.get(`${base}/${addressPath}`, NS)
        ? {
            street: text(`${base}/${addressPath}/n:xLgr`) ?? '',
            number: text(`${base}/${addressPath}/n:nro`) ?? '',
            complement: text(`${base}/${addressPath}/n:xCpl`),
            district: text(`${base}/${addressPath}/n:xBairro`) ?? '',
            cityIbgeCode: text(`${base}/${addressPath}/n:cMun`) ?? text(`${base}/${addressPath}/n:endNac/n:cMun`) ?? '',
            state: text(`${base}/${addressPath}/n:UF`) ?? '',
            postalCode: text(`${base}/${addressPath}/n:CEP`) ?? text(`${base}/${addressPath}/n:endNac/n:CEP`) ?? '',
          }
        : undefined;
      return {
        documentType: cnpj ? 'CNPJ' : cpf ? 'CPF' : null,
        document: cnpj ?? cpf ?? '',
        name: text(`${base}/n:xNome`) ?? '',
        municipalRegistration: text(`${base}/n:IM`),
        email: text(`${base}/n:email`),
        phone: text(`${base}/n:fone`),
        address,
      };
    };
    return {
      accessKey: id.replace(/^NFS/, ''),
      number: required(`${inf}/n:nNFSe`),
      processedAt: required(`${inf}/n:dhProc`),
      status: required(`${inf}/n:cStat`),
      environment: text(`${dps}/n:tpAmb`) ?? '',
      cityName: required(`${inf}/n:xLocEmi`),
      placeName: required(`${inf}/n:xLocPrestacao`),
      nationalServiceDescription: required(`${inf}/n:xTribNac`),
      issuer: party(`${inf}/n:emit`, 'n:enderNac')!,
      taker: party(`${dps}/n:toma`, 'n:end'),
      dps: {
        id: required(`${dps}/@Id`),
        series: required(`${dps}/n:serie`),
        number: required(`${dps}/n:nDPS`),
        issuedAt: required(`${dps}/n:dhEmi`),
        competenceDate: required(`${dps}/n:dCompet`),
      },
      service: {
        nationalCode: required(`${dps}/n:serv/n:cServ/n:cTribNac`),
        municipalCode: text(`${dps}/n:serv/n:cServ/n:cTribMun`),
        description: required(`${dps}/n:serv/n:cServ/n:xDescServ`),
        nbsCode: text(`${dps}/n:serv/n:cServ/n:cNBS`),
      },
      values: {
        service: required(`${dps}/n:valores/n:vServPrest/n:vServ`),
        net: required(`${inf}/n:valores/n:vLiq`),
        calculationBase: text(`${inf}/n:valores/n:vBC`),
        issRate: text(`${inf}/n:valores/n:pAliqAplic`) ?? text(`${dps}/n:valores/n:trib/n:tribMun/n:pAliq`),
        iss: text(`${inf}/n:valores/n:vISSQN`),
        withheld: text(`${inf}/n:valores/n:vTotalRet`),
        issWithholding: text(`${dps}/n:valores/n:trib/n:tribMun/n:tpRetISSQN`),
      },
    };
  } finally {
    doc.dispose();
  }
}
