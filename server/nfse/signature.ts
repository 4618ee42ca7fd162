/**
 * XML-DSig enveloped signatures as the national NFS-e manual asks (Manual Integrado v1.00.02, 6.1.4): over the `inf*`
 * element (infDPS, infPedReg) by its Id, canonical XML 1.0 (inclusive, without comments), the enveloped-signature and
 * C14N transforms, RSA-SHA1 with a SHA-1 digest — what the manual documents and every public client sends — and the
 * signer's certificate alone in KeyInfo/X509Data. RSA-SHA256 stays a setting (`NFSE_SIGNATURE_ALGORITHM=sha256`) for
 * the day the national system announces it. Made and checked with xml-crypto; tests check them again with xmlsec1.
 */
import { X509Certificate } from 'node:crypto';
import { XmlDocument, XmlElement } from 'libxml2-wasm';
import { SignedXml } from 'xml-crypto';

export const XMLDSIG_NAMESPACE = 'http://www.w3.org/2000/09/xmldsig#';
export const SIGNATURE_ALGORITHM_NAMES = ['sha1', 'sha256'] as const;
export type SignatureAlgorithmName = (typeof SIGNATURE_ALGORITHM_NAMES)[number];
/** The manual's algorithm, used unless configured otherwise. */
export const DEFAULT_SIGNATURE_ALGORITHM: SignatureAlgorithmName = 'sha1';

export const CANONICALIZATION = 'http://www.w3.org/TR/2001/REC-xml-c14n-20010315';
export const ENVELOPED_SIGNATURE = 'http://www.w3.org/2000/09/xmldsig#enveloped-signature';
/** The SignatureMethod and DigestMethod URIs of each algorithm. */
export const SIGNATURE_ALGORITHMS: Record<SignatureAlgorithmName, { signature: string; digest: string }> = {
  sha1: { signature: 'http://www.w3.org/2000/09/xmldsig#rsa-sha1', digest: 'http://www.w3.org/2000/09/xmldsig#sha1' },
  sha256: {
    signature: 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256',
    digest: 'http://www.w3.org/2001/04/xmlenc#sha256',
  },
};

export type SigningCredentials = {
  /** PEM of the private key (PKCS#8 or PKCS#1). */
  privateKeyPem: string;
  /** PEM of the signer's certificate: the one KeyInfo carries. */
  certificatePem: string;
};

/**
 * The element to sign, by local name: "infDPS" in a DPS, "infPedReg" in a pedRegEvento; the national system signs
 * "infNFSe" in an NFS-e and "infEvento" in a registered event (the local stand-in does the same).
 */
export type SignedElement = 'infDPS' | 'infPedReg' | 'infNFSe' | 'infEvento';

/** Signs the document's `inf*` element; the Signature goes right after it, inside the root. */
export function signXml(
  xml: string,
  element: SignedElement,
  credentials: SigningCredentials,
  algorithm: SignatureAlgorithmName = DEFAULT_SIGNATURE_ALGORITHM,
): string {
  const { signature, digest } = SIGNATURE_ALGORITHMS[algorithm];
  const signer = new SignedXml({
    privateKey: credentials.privateKeyPem,
    publicCert: credentials.certificatePem,
    canonicalizationAlgorithm: CANONICALIZATION,
    signatureAlgorithm: signature,
  });
  const xpath = `/*/*[local-name(.)='${element}']`;
  signer.addReference({ xpath, transforms: [ENVELOPED_SIGNATURE, CANONICALIZATION], digestAlgorithm: digest });
  signer.computeSignature(xml, { location: { reference: xpath, action: 'after' } });
  return signer.getSignedXml();
}

/** Signs a DPS over its infDPS. */
export const signDps = (xml: string, credentials: SigningCredentials, algorithm?: SignatureAlgorithmName) =>
  signXml(xml, 'infDPS', credentials, algorithm);

export type SignatureCheck =
  | {
      ok: true;
      /** The certificate KeyInfo carries, PEM: the caller checks whose it is (the provider's CNPJ). */
      certificatePem: string;
      /** The Id of the signed element. */
      signedId: string;
      algorithm: SignatureAlgorithmName;
    }
  | { ok: false; message: string };

const fail = (message: string): SignatureCheck => ({ ok: false, message });

function pemOf(base64: string): string {
  const body = base64.replace(/\s+/g, '').replace(/(.{64})/g, '$1\n');
  return `-----BEGIN CERTIFICATE-----\n${body.trimEnd()}\n-----END CERTIFICATE-----\n`;
}

/**
 * Checks the enveloped signature of a signed DPS or pedRegEvento: one Signature, over the `inf*` element's Id,
 * with one of the accepted algorithms (both pairs by default; the stand-in passes only the one it plays), valid under
 * the certificate in its KeyInfo. Any change to the signed element after signing fails it.
 */
export function verifySignedXml(
  xml: string,
  element: SignedElement,
  accepted: readonly SignatureAlgorithmName[] = SIGNATURE_ALGORITHM_NAMES,
): SignatureCheck {
  let doc: XmlDocument;
  try {
    doc = XmlDocument.fromString(xml);
  } catch {
    return fail('O XML está malformado e não pôde ser lido.');
  }
  let signatureXml: string;
  let certificateBase64: string;
  let signedId: string;
  try {
    const ns = { ds: XMLDSIG_NAMESPACE };
    const signatures = doc.find('/*/ds:Signature', ns);
    if (signatures.length !== 1) return fail('O documento deve ter exatamente uma assinatura digital.');
    const target = doc.find(`/*/*[local-name(.)='${element}']`);
    signedId = target[0]?.get('@Id')?.content ?? '';
    if (target.length !== 1 || !signedId) return fail(`O documento não tem o elemento ${element} com Id.`);
    const certificates = doc.find('/*/ds:Signature/ds:KeyInfo/ds:X509Data/ds:X509Certificate', ns);
    if (certificates.length !== 1) return fail('A assinatura deve trazer o certificado do emitente em KeyInfo.');
    certificateBase64 = certificates[0]!.content;
    const signature = signatures[0];
    if (!(signature instanceof XmlElement)) return fail('A assinatura digital está malformada.');
    signatureXml = signature.toString({ format: false });
  } finally {
    doc.dispose();
  }

  let certificatePem: string;
  try {
    certificatePem = new X509Certificate(pemOf(certificateBase64)).toString();
  } catch {
    return fail('O certificado da assinatura é inválido.');
  }
  const verifier = new SignedXml({ publicCert: certificatePem, getCertFromKeyInfo: () => null });
  try {
    verifier.loadSignature(signatureXml);
  } catch {
    return fail('A assinatura digital está malformada.');
  }
  const algorithm = accepted.find((name) => SIGNATURE_ALGORITHMS[name].signature === verifier.signatureAlgorithm);
  const names = accepted.map((name) => (name === 'sha1' ? 'RSA-SHA1' : 'RSA-SHA256')).join(' ou ');
  if (!algorithm) return fail(`A assinatura deve usar ${names}.`);
  if (verifier.canonicalizationAlgorithm !== CANONICALIZATION) {
    return fail('A assinatura deve usar a canonicalização C14N 1.0.');
  }
  const references = verifier.getReferences();
  const reference = references[0];
  if (references.length !== 1 || !reference || reference.uri !== `#${signedId}`) {
    return fail(`A assinatura deve referenciar o elemento ${element} (#${signedId}).`);
  }
  if (reference.digestAlgorithm !== SIGNATURE_ALGORITHMS[algorithm].digest) {
    return fail(`A assinatura ${algorithm === 'sha1' ? 'RSA-SHA1 usa o resumo SHA-1' : 'RSA-SHA256 usa o resumo SHA-256'}.`);
  }
  let valid: boolean;
  try {
    valid = verifier.checkSignature(xml);
  } catch {
    valid = false;
  }
  if (!valid)
    return fail(
      'A assinatura digital não confere: o documento foi alterado depois de assinado ou a assinatura é de outro certificado.',
    );
  return { ok: true, certificatePem, signedId, algorithm };
}

export const verifyDpsSignature = (xml: string) => verifySignedXml(xml, 'infDPS');
