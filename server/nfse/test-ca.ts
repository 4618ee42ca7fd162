/**
 * A local certificate authority for tests, the demo and the national system's stand-in: it makes A1 certificates
 * shaped like ICP-Brasil e-CNPJ ones (the CNPJ in the subject's common name and in the ICP-Brasil otherName of
 * subjectAltName), packed as PKCS#12 with a password, and TLS server certificates. Nothing it makes is trusted
 * anywhere but here: its name says so.
 */
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import forge from 'node-forge';
import { ICP_BRASIL_CNPJ_OID } from './certificate';

const { asn1, pki } = forge;

/** ICP-Brasil otherNames of an e-CNPJ (DOC-ICP-04): the responsible person's data and name, the CNPJ, the CEI. */
const ICP_BRASIL_OIDS = {
  responsibleData: '2.16.76.1.3.4',
  responsibleName: '2.16.76.1.3.2',
  cnpj: ICP_BRASIL_CNPJ_OID,
  cei: '2.16.76.1.3.7',
} as const;

export type TestCa = {
  certificatePem: string;
  privateKeyPem: string;
  certificate: forge.pki.Certificate;
  privateKey: forge.pki.rsa.PrivateKey;
};

export type IssuedA1 = {
  /** The PKCS#12 file, as the team would upload it. */
  pfx: Buffer;
  password: string;
  certificatePem: string;
  privateKeyPem: string;
};

export type IssuedTls = { certificatePem: string; privateKeyPem: string };

/** RSA keys come from Node's crypto (native, milliseconds), not from forge's JavaScript generator (seconds). */
function rsaKeyPair(bits = 2048) {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: bits });
  const privateKeyPem = privateKey.export({ type: 'pkcs1', format: 'pem' }).toString();
  const forgeKey = pki.privateKeyFromPem(privateKeyPem) as forge.pki.rsa.PrivateKey;
  return { privateKey: forgeKey, publicKey: pki.setRsaPublicKey(forgeKey.n, forgeKey.e), privateKeyPem };
}

/** A positive serial number of 16 random bytes, as hex. */
function serialNumber(): string {
  const bytes = randomBytes(16);
  bytes[0] = bytes[0]! & 0x7f;
  return bytes.toString('hex');
}

function years(from: Date, count: number): Date {
  const date = new Date(from);
  date.setUTCFullYear(date.getUTCFullYear() + count);
  return date;
}

/** otherName ::= [0] { type-id OID, value [0] EXPLICIT OCTET STRING } */
function otherName(oid: string, value: string): forge.asn1.Asn1 {
  return asn1.create(asn1.Class.CONTEXT_SPECIFIC, 0, true, [
    asn1.create(asn1.Class.UNIVERSAL, asn1.Type.OID, false, asn1.oidToDer(oid).getBytes()),
    asn1.create(asn1.Class.CONTEXT_SPECIFIC, 0, true, [asn1.create(asn1.Class.UNIVERSAL, asn1.Type.OCTETSTRING, false, value)]),
  ]);
}

/** Makes the local CA (self-signed, 10 years). */
export function createTestCa(name = 'AC Local de Testes Contabil - NAO E ICP-Brasil', now = new Date()): TestCa {
  const keys = rsaKeyPair();
  const cert = pki.createCertificate();
  cert.publicKey = keys.publicKey;
  cert.serialNumber = serialNumber();
  cert.validity.notBefore = new Date(now.getTime() - 60_000);
  cert.validity.notAfter = years(now, 10);
  const subject = [
    { shortName: 'C', value: 'BR' },
    { shortName: 'O', value: 'Contabil (testes)' },
    { shortName: 'CN', value: name },
  ];
  cert.setSubject(subject);
  cert.setIssuer(subject);
  cert.setExtensions([
    { name: 'basicConstraints', cA: true, critical: true },
    { name: 'keyUsage', keyCertSign: true, cRLSign: true, critical: true },
    { name: 'subjectKeyIdentifier' },
  ]);
  cert.sign(keys.privateKey, forge.md.sha256.create());
  return {
    certificatePem: pki.certificateToPem(cert),
    privateKeyPem: keys.privateKeyPem,
    certificate: cert,
    privateKey: keys.privateKey,
  };
}

export type A1Request = {
  /** The company's CNPJ, 14 digits. */
  cnpj: string;
  /** Razão social, as the common name carries it. */
  companyName: string;
  password: string;
  /** The person responsible for the certificate, in the ICP-Brasil otherName. */
  responsibleName?: string;
  responsibleCpf?: string;
  notBefore?: Date;
  notAfter?: Date;
  /** PKCS#12 encryption: 3DES (what most A1 files in use carry) or AES-256. */
  algorithm?: '3des' | 'aes256';
};

/** An e-CNPJ-like A1 certificate issued by the CA, as a PKCS#12 file with its password. */
export function issueA1Certificate(ca: TestCa, request: A1Request): IssuedA1 {
  const now = new Date();
  const keys = rsaKeyPair();
  const cert = pki.createCertificate();
  cert.publicKey = keys.publicKey;
  cert.serialNumber = serialNumber();
  cert.validity.notBefore = request.notBefore ?? new Date(now.getTime() - 60_000);
  cert.validity.notAfter = request.notAfter ?? years(now, 1);
  cert.setSubject([
    { shortName: 'C', value: 'BR' },
    { shortName: 'O', value: 'ICP-Brasil (simulado)' },
    { shortName: 'OU', value: 'Certificado PJ A1' },
    { shortName: 'CN', value: `${request.companyName.toUpperCase()}:${request.cnpj}` },
  ]);
  cert.setIssuer(ca.certificate.subject.attributes);
  const birthDate = '01011980';
  const cpf = (request.responsibleCpf ?? '00000000000').padStart(11, '0');
  cert.setExtensions([
    { name: 'basicConstraints', cA: false },
    { name: 'keyUsage', digitalSignature: true, nonRepudiation: true, keyEncipherment: true, critical: true },
    { name: 'extKeyUsage', clientAuth: true, emailProtection: true },
    {
      id: '2.5.29.17',
      value: asn1.create(asn1.Class.UNIVERSAL, asn1.Type.SEQUENCE, true, [
        otherName(ICP_BRASIL_OIDS.responsibleData, `${birthDate}${cpf}${'0'.repeat(11)}${'0'.repeat(15)}${' '.repeat(10)}`),
        otherName(ICP_BRASIL_OIDS.responsibleName, (request.responsibleName ?? 'RESPONSAVEL DE TESTE').toUpperCase()),
        otherName(ICP_BRASIL_OIDS.cnpj, request.cnpj),
        otherName(ICP_BRASIL_OIDS.cei, '0'.repeat(12)),
      ]),
    },
    { name: 'subjectKeyIdentifier' },
    { name: 'authorityKeyIdentifier', keyIdentifier: ca.certificate.generateSubjectKeyIdentifier().getBytes() },
  ]);
  cert.sign(ca.privateKey, forge.md.sha256.create());

  const p12 = forge.pkcs12.toPkcs12Asn1(keys.privateKey, [cert, ca.certificate], request.password, {
    algorithm: request.algorithm ?? '3des',
    friendlyName: request.companyName,
    generateLocalKeyId: true,
  });
  return {
    pfx: Buffer.from(asn1.toDer(p12).getBytes(), 'binary'),
    password: request.password,
    certificatePem: pki.certificateToPem(cert),
    privateKeyPem: keys.privateKeyPem,
  };
}

/** A TLS server certificate for the stand-in (localhost by default). */
export function issueTlsServerCertificate(ca: TestCa, hostnames: string[] = ['localhost', '127.0.0.1']): IssuedTls {
  const now = new Date();
  const keys = rsaKeyPair();
  const cert = pki.createCertificate();
  cert.publicKey = keys.publicKey;
  cert.serialNumber = serialNumber();
  cert.validity.notBefore = new Date(now.getTime() - 60_000);
  cert.validity.notAfter = years(now, 1);
  cert.setSubject([
    { shortName: 'C', value: 'BR' },
    { shortName: 'CN', value: hostnames[0] ?? 'localhost' },
  ]);
  cert.setIssuer(ca.certificate.subject.attributes);
  cert.setExtensions([
    { name: 'basicConstraints', cA: false },
    { name: 'keyUsage', digitalSignature: true, keyEncipherment: true, critical: true },
    { name: 'extKeyUsage', serverAuth: true },
    {
      name: 'subjectAltName',
      altNames: hostnames.map((host) => (/^[\d.]+$|:/.test(host) ? { type: 7, ip: host } : { type: 2, value: host })),
    },
  ]);
  cert.sign(ca.privateKey, forge.md.sha256.create());
  return { certificatePem: pki.certificateToPem(cert), privateKeyPem: keys.privateKeyPem };
}
