/**
 * XML-DSig enveloped signatures as the national NFS-e manual asks: over the `inf*` element (infDPS, infPedReg) by
 * its Id, canonical XML 1.0 (inclusive, without comments), the enveloped-signature and C14N transforms, RSA-SHA256
 * with a SHA-256 digest, and the signer's certificate alone in KeyInfo/X509Data. Made and checked with xml-crypto.
 *
 * The layout's own copy of the XML-DSig schema (xmldsig-core-schema_v1.00.xsd) fixes RSA-SHA1 and SHA-1: a
 * SHA-256 signature does not validate against it. The DPS is therefore validated before it is signed, and a signed
 * document's signature is checked here, not by the schema.
 */
import { X509Certificate } from 'node:crypto';
import { XmlDocument, XmlElement } from 'libxml2-wasm';
import { SignedXml } from 'xml-crypto';

export const XMLDSIG_NAMESPACE = 'http://www.w3.org/2000/09/xmldsig#';
export const SIGNATURE_ALGORITHMS = {
  canonicalization: 'http://www.w3.org/TR/2001/REC-xml-c14n-20010315',
  signature: 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256',
  digest: 'http://www.w3.org/2001/04/xmlenc#sha256',
  enveloped: 'http://www.w3.org/2000/09/xmldsig#enveloped-signature',
} as const;

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
export function signXml(xml: string, element: SignedElement, credentials: SigningCredentials): string {
  const signer = new SignedXml({
    privateKey: credentials.privateKeyPem,
    publicCert: credentials.certificatePem,
    canonicalizationAlgorithm: SIGNATURE_ALGORITHMS.canonicalization,
    signatureAlgorithm: SIGNATURE_ALGORITHMS.signature,
  });
  const xpath = `/*/*[local-name(.)='${element}']`;
  signer.addReference({
    xpath,
    transforms: [SIGNATURE_ALGORITHMS.enveloped, SIGNATURE_ALGORITHMS.canonicalization],
    digestAlgorithm: SIGNATURE_ALGORITHMS.digest,
  });
  signer.computeSignature(xml, { location: { reference: xpath, action: 'after' } });
  return signer.getSignedXml();
}

/** Signs a DPS over its infDPS. */
export const signDps = (xml: string, credentials: SigningCredentials) => signXml(xml, 'infDPS', credentials);

export type SignatureCheck =
  | {
      ok: true;
      /** The certificate KeyInfo carries, PEM: the caller checks whose it is (the provider's CNPJ). */
      certificatePem: string;
      /** The Id of the signed element. */
      signedId: string;
    }
  | { ok: false; message: string };

const fail = (message: string): SignatureCheck => ({ ok: false, message });

function pemOf(base64: string): string {
  const body = base64.replace(/\s+/g, '').replace(/(.{64})/g, '$1\n');
  return `-----BEGIN CERTIFICATE-----\n${body.trimEnd()}\n-----END CERTIFICATE-----\n`;
}

/**
 * Checks the enveloped signature of a signed DPS or pedRegEvento: one Signature, over the `inf*` element's Id,
 * with the required algorithms, valid under the certificate in its KeyInfo. Any change to the signed element
 * after signing fails it.
 */
export function verifySignedXml(xml: string, element: SignedElement): SignatureCheck {
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
  if (verifier.signatureAlgorithm !== SIGNATURE_ALGORITHMS.signature) {
    return fail('A assinatura deve usar RSA-SHA256.');
  }
  if (verifier.canonicalizationAlgorithm !== SIGNATURE_ALGORITHMS.canonicalization) {
    return fail('A assinatura deve usar a canonicalização C14N 1.0.');
  }
  const references = verifier.getReferences();
  const reference = references[0];
  if (references.length !== 1 || !reference || reference.uri !== `#${signedId}`) {
    return fail(`A assinatura deve referenciar o elemento ${element} (#${signedId}).`);
  }
  if (reference.digestAlgorithm !== SIGNATURE_ALGORITHMS.digest) return fail('A assinatura deve usar o resumo SHA-256.');
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
  return { ok: true, certificatePem, signedId };
}

export const verifyDpsSignature = (xml: string) => verifySignedXml(xml, 'infDPS');
