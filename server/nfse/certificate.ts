/**
 * The company's A1 certificate: a PKCS#12 (.pfx/.p12) file and its password, read with node-forge (pure
 * JavaScript: Node's crypto reads no PKCS#12). The private key stays in this process; what leaves it is the
 * certificate, its CNPJ and its dates.
 */
import forge from 'node-forge';
import { certificateStatus } from '@domain/fiscalProfile';

/** ICP-Brasil's otherName in subjectAltName that carries a legal person's CNPJ (DOC-ICP-04). */
export const ICP_BRASIL_CNPJ_OID = '2.16.76.1.3.3';

export type CertificateErrorCode =
  | 'not_pkcs12'
  | 'wrong_password'
  | 'no_private_key'
  | 'no_certificate'
  | 'no_cnpj'
  | 'cnpj_mismatch'
  | 'expired'
  | 'not_yet_valid';

/** A refusal of the certificate, with the pt-BR message the team sees. */
export class CertificateError extends Error {
  constructor(
    readonly code: CertificateErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'CertificateError';
  }
}

export type A1Certificate = {
  /** PKCS#8 PEM of the private key: for signing and mutual TLS only. */
  privateKeyPem: string;
  /** The holder's certificate, PEM. */
  certificatePem: string;
  /** The other certificates of the file (the issuing chain), PEM. */
  chainPem: string[];
  /** The CNPJ the certificate carries (ICP-Brasil otherName, or the subject's "NAME:CNPJ" common name), or null. */
  cnpj: string | null;
  /** The subject's common name as written, e.g. "MENDES TECH LTDA:12345678000195". */
  commonName: string;
  issuerCommonName: string;
  serialNumber: string;
  notBefore: Date;
  notAfter: Date;
};

const MESSAGES = {
  notPkcs12: 'O arquivo não é um certificado A1 válido (PKCS#12, .pfx ou .p12).',
  wrongPassword: 'Senha do certificado incorreta.',
  noPrivateKey: 'O arquivo não contém a chave privada do certificado.',
  noCertificate: 'O arquivo não contém o certificado que corresponde à chave privada.',
  noCnpj: 'Este certificado não traz um CNPJ: use o certificado e-CNPJ (A1) da empresa.',
} as const;

/** "12345678000195" → "12.345.678/0001-95". */
export function formatCnpj(cnpj: string): string {
  return cnpj.replace(/^(\w{2})(\w{3})(\w{3})(\w{4})(\w{2})$/, '$1.$2.$3/$4-$5');
}

function attribute(attributes: forge.pki.CertificateField[], shortName: string): string {
  const found = attributes.find((attr) => attr.shortName === shortName);
  return typeof found?.value === 'string' ? found.value : '';
}

/** The bytes of an ASN.1 value that holds a string (OCTET STRING, PrintableString, UTF8String…). */
function asn1Text(node: forge.asn1.Asn1): string {
  if (typeof node.value === 'string') return node.value;
  return node.value.map(asn1Text).join('');
}

/** The CNPJ in the ICP-Brasil otherName of subjectAltName (2.16.76.1.3.3), or null. */
function cnpjFromAltNames(cert: forge.pki.Certificate): string | null {
  const extension = cert.getExtension('subjectAltName') as { altNames?: { type: number; value: unknown }[] } | null;
  for (const altName of extension?.altNames ?? []) {
    // otherName: [0] { type-id OID, [0] EXPLICIT value }
    if (altName.type !== 0 || !Array.isArray(altName.value)) continue;
    const [oid, wrapped] = altName.value as forge.asn1.Asn1[];
    if (!oid || !wrapped || typeof oid.value !== 'string') continue;
    if (forge.asn1.derToOid(oid.value) !== ICP_BRASIL_CNPJ_OID) continue;
    const digits = asn1Text(wrapped).replace(/\D/g, '');
    if (digits.length === 14) return digits;
  }
  return null;
}

/** e-CNPJ certificates name the holder "RAZÃO SOCIAL:12345678000195" in the subject's common name. */
function cnpjFromCommonName(commonName: string): string | null {
  return /:(\d{14})$/.exec(commonName)?.[1] ?? null;
}

/** Reads a PKCS#12 file: its key, its certificate and chain, the CNPJ and the dates. */
export function readPkcs12(file: Uint8Array, password: string): A1Certificate {
  let p12: forge.pkcs12.Pkcs12Pfx;
  try {
    const asn1 = forge.asn1.fromDer(forge.util.createBuffer(Buffer.from(file).toString('binary')));
    try {
      p12 = forge.pkcs12.pkcs12FromAsn1(asn1, false, password);
    } catch (error) {
      const message = error instanceof Error ? error.message : '';
      // forge says so when the MAC over the contents fails, or when a bag decrypts to garbage.
      if (/Invalid password|MAC could not be verified|Too few bytes|decrypt/i.test(message)) {
        throw new CertificateError('wrong_password', MESSAGES.wrongPassword);
      }
      throw error;
    }
  } catch (error) {
    if (error instanceof CertificateError) throw error;
    throw new CertificateError('not_pkcs12', MESSAGES.notPkcs12);
  }

  const keyBags = [
    ...(p12.getBags({ bagType: forge.pki.oids.pkcs8ShroudedKeyBag })[forge.pki.oids.pkcs8ShroudedKeyBag] ?? []),
    ...(p12.getBags({ bagType: forge.pki.oids.keyBag })[forge.pki.oids.keyBag] ?? []),
  ];
  const key = keyBags.find((bag) => bag.key)?.key as forge.pki.rsa.PrivateKey | undefined;
  if (!key) throw new CertificateError('no_private_key', MESSAGES.noPrivateKey);

  const certificates = (p12.getBags({ bagType: forge.pki.oids.certBag })[forge.pki.oids.certBag] ?? [])
    .map((bag) => bag.cert)
    .filter((cert): cert is forge.pki.Certificate => !!cert);
  // The holder's certificate is the one whose public key is the private key's.
  const holder = certificates.find((cert) => {
    const publicKey = cert.publicKey as forge.pki.rsa.PublicKey;
    return publicKey.n?.equals(key.n) && publicKey.e?.equals(key.e);
  });
  if (!holder) throw new CertificateError('no_certificate', MESSAGES.noCertificate);

  const commonName = attribute(holder.subject.attributes, 'CN');
  return {
    privateKeyPem: forge.pki.privateKeyInfoToPem(forge.pki.wrapRsaPrivateKey(forge.pki.privateKeyToAsn1(key))),
    certificatePem: forge.pki.certificateToPem(holder),
    chainPem: certificates.filter((cert) => cert !== holder).map((cert) => forge.pki.certificateToPem(cert)),
    cnpj: cnpjFromAltNames(holder) ?? cnpjFromCommonName(commonName),
    commonName,
    issuerCommonName: attribute(holder.issuer.attributes, 'CN'),
    serialNumber: holder.serialNumber,
    notBefore: holder.validity.notBefore,
    notAfter: holder.validity.notAfter,
  };
}

/**
 * Refuses a certificate that is not the company's or not valid now: its CNPJ must be the company's (the same
 * root — the first 8 digits — is not enough: the national system checks the provider's full CNPJ).
 */
export function assertCertificateForCompany(certificate: A1Certificate, companyCnpj: string, now: Date): void {
  const expected = companyCnpj.replace(/[^0-9A-Za-z]/g, '').toUpperCase();
  if (!certificate.cnpj) throw new CertificateError('no_cnpj', MESSAGES.noCnpj);
  if (certificate.cnpj !== expected) {
    throw new CertificateError(
      'cnpj_mismatch',
      `Este certificado é do CNPJ ${formatCnpj(certificate.cnpj)}, não do CNPJ da empresa (${formatCnpj(expected)}).`,
    );
  }
  if (certificate.notBefore.getTime() > now.getTime()) {
    const from = new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo' }).format(certificate.notBefore);
    throw new CertificateError('not_yet_valid', `Este certificado só vale a partir de ${from}.`);
  }
  const status = certificateStatus(certificate.notAfter, now);
  if (status.status === 'expired') throw new CertificateError('expired', status.message);
}

/** Reads the file and checks it belongs to the company: what the team's upload does before storing it. */
export function readCompanyCertificate(file: Uint8Array, password: string, companyCnpj: string, now = new Date()): A1Certificate {
  const certificate = readPkcs12(file, password);
  assertCertificateForCompany(certificate, companyCnpj, now);
  return certificate;
}

/** The CNPJ a certificate (PEM) carries, as `readPkcs12` finds it: what the stand-in checks a client's against. */
export function certificateCnpj(certificatePem: string): string | null {
  const cert = forge.pki.certificateFromPem(certificatePem);
  return cnpjFromAltNames(cert) ?? cnpjFromCommonName(attribute(cert.subject.attributes, 'CN'));
}

/** The subject's common name of a certificate (PEM): an e-CNPJ names the company, "RAZÃO SOCIAL:CNPJ". */
export function certificateCommonName(certificatePem: string): string {
  return attribute(forge.pki.certificateFromPem(certificatePem).subject.attributes, 'CN');
}
