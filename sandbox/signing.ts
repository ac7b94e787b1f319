import { createPublicKey, generateKeyPairSync } from 'node:crypto';
import { DOMParser, onWarningStopParsing } from '@xmldom/xmldom';
import { SignedXml } from 'xml-crypto';

/** The sandbox's own signing key. DIAN requires a certificate from an accredited authority; a demo has none. */
export interface SigningKey {
  privateKeyPem: string;
  publicKeyPem: string;
}

const ALGORITHMS = {
  signature: 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256',
  canonicalization: 'http://www.w3.org/2001/10/xml-exc-c14n#',
  digest: 'http://www.w3.org/2001/04/xmlenc#sha256',
  enveloped: 'http://www.w3.org/2000/09/xmldsig#enveloped-signature',
} as const;

const DS_NS = 'http://www.w3.org/2000/09/xmldsig#';

// The second UBLExtension is the one left empty for the signature (the first carries the DIAN extensions).
const SIGNATURE_SLOT =
  "/*/*[local-name(.)='UBLExtensions']/*[local-name(.)='UBLExtension'][2]/*[local-name(.)='ExtensionContent']";

export function createSigningKey(): SigningKey {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  return { privateKeyPem: privateKey, publicKeyPem: publicKey };
}

function base64UrlToBase64(value: string): string {
  return Buffer.from(value, 'base64url').toString('base64');
}

/** KeyInfo content: the bare RSA public key (KeyValue), since the sandbox has no certificate to publish. */
function rsaKeyValue(publicKeyPem: string, prefix: string | null | undefined): string {
  const jwk = createPublicKey(publicKeyPem).export({ format: 'jwk' });
  if (typeof jwk.n !== 'string' || typeof jwk.e !== 'string') throw new Error('signing key is not an RSA key');
  const p = prefix ? `${prefix}:` : '';
  return (
    `<${p}KeyValue><${p}RSAKeyValue>` +
    `<${p}Modulus>${base64UrlToBase64(jwk.n)}</${p}Modulus>` +
    `<${p}Exponent>${base64UrlToBase64(jwk.e)}</${p}Exponent>` +
    `</${p}RSAKeyValue></${p}KeyValue>`
  );
}

/**
 * Enveloped XML-DSig over the whole invoice (Reference URI=""), RSA-SHA256 with exclusive c14n,
 * placed inside the empty ext:ExtensionContent that buildInvoiceUbl leaves for it.
 */
export function signInvoiceXml(xml: string, key: SigningKey): string {
  const signer = new SignedXml({
    privateKey: key.privateKeyPem,
    publicCert: key.publicKeyPem,
    signatureAlgorithm: ALGORITHMS.signature,
    canonicalizationAlgorithm: ALGORITHMS.canonicalization,
    getKeyInfoContent: (args) => rsaKeyValue(key.publicKeyPem, args?.prefix),
  });
  signer.addReference({
    xpath: '/*',
    isEmptyUri: true,
    transforms: [ALGORITHMS.enveloped, ALGORITHMS.canonicalization],
    digestAlgorithm: ALGORITHMS.digest,
  });
  signer.computeSignature(xml, {
    prefix: 'ds',
    location: { reference: SIGNATURE_SLOT, action: 'append' },
  });
  return signer.getSignedXml();
}

/**
 * True when the invoice carries exactly one signature, it covers the whole document, and it verifies with
 * `publicKeyPem`. The KeyInfo inside the document is deliberately ignored: trusting it would let anyone re-sign.
 */
export function verifyInvoiceXml(xml: string, publicKeyPem: string): boolean {
  try {
    // Anything the parser would have to repair is refused rather than verified in a guessed shape.
    const doc = new DOMParser({ onError: onWarningStopParsing }).parseFromString(xml, 'text/xml');
    const signatures = doc.getElementsByTagNameNS(DS_NS, 'Signature');
    const signature = signatures[0];
    if (signatures.length !== 1 || signature === undefined) return false;
    const verifier = new SignedXml({ publicCert: publicKeyPem, getCertFromKeyInfo: () => null });
    verifier.loadSignature(signature as unknown as Node);
    if (verifier.checkSignature(xml) !== true) return false;
    const references = verifier.getReferences();
    return (
      references.length === 1 &&
      references[0]?.uri === '' &&
      references[0].transforms.includes(ALGORITHMS.enveloped)
    );
  } catch {
    // Unparseable XML or a malformed signature is simply "not valid".
    return false;
  }
}
