import { createPublicKey } from 'node:crypto';
import { DOMParser, type Element } from '@xmldom/xmldom';
import { beforeAll, describe, expect, it } from 'vitest';
import { createSigningKey, signInvoiceXml, verifyInvoiceXml, type SigningKey } from '../../../sandbox/signing';
import { buildInvoiceUbl } from '../../../sandbox/ubl';
import { TOTALS, ublInput } from './invoice-fixture';

const DS = 'http://www.w3.org/2000/09/xmldsig#';
const EXT = 'urn:oasis:names:specification:ubl:schema:xsd:CommonExtensionComponents-2';

let key: SigningKey;
let otherKey: SigningKey;
let signed: string;

beforeAll(() => {
  key = createSigningKey();
  otherKey = createSigningKey();
  signed = signInvoiceXml(buildInvoiceUbl(ublInput()), key);
});

const dsElement = (xml: string, name: string): Element => {
  const found = new DOMParser().parseFromString(xml, 'text/xml').getElementsByTagNameNS(DS, name);
  expect(found.length).toBe(1);
  return found[0]!;
};

describe('createSigningKey', () => {
  it('makes a 2048-bit RSA key pair in PEM', () => {
    expect(key.privateKeyPem).toContain('-----BEGIN PRIVATE KEY-----');
    const publicKey = createPublicKey(key.publicKeyPem);
    expect(publicKey.asymmetricKeyType).toBe('rsa');
    expect(publicKey.asymmetricKeyDetails?.modulusLength).toBe(2048);
  });
});

describe('signInvoiceXml', () => {
  it('produces a signature that verifies with the public key', () => {
    expect(verifyInvoiceXml(signed, key.publicKeyPem)).toBe(true);
  });

  it('places ds:Signature inside the empty second ext:ExtensionContent', () => {
    const signature = dsElement(signed, 'Signature');
    const content = signature.parentNode as Element;
    expect(content.namespaceURI).toBe(EXT);
    expect(content.localName).toBe('ExtensionContent');
    const extensions = new DOMParser().parseFromString(signed, 'text/xml').getElementsByTagNameNS(EXT, 'UBLExtension');
    expect(extensions.length).toBe(2);
    expect(extensions[1]!.getElementsByTagNameNS(DS, 'Signature').length).toBe(1);
    expect(extensions[0]!.getElementsByTagNameNS(DS, 'Signature').length).toBe(0);
  });

  it('signs the whole document with RSA-SHA256, exclusive c14n and the enveloped-signature transform', () => {
    expect(dsElement(signed, 'SignatureMethod').getAttribute('Algorithm')).toBe('http://www.w3.org/2001/04/xmldsig-more#rsa-sha256');
    expect(dsElement(signed, 'CanonicalizationMethod').getAttribute('Algorithm')).toBe('http://www.w3.org/2001/10/xml-exc-c14n#');
    expect(dsElement(signed, 'Reference').getAttribute('URI')).toBe('');
    const transforms = new DOMParser().parseFromString(signed, 'text/xml').getElementsByTagNameNS(DS, 'Transform');
    expect(Array.from(transforms, (t) => t.getAttribute('Algorithm'))).toContain('http://www.w3.org/2000/09/xmldsig#enveloped-signature');
  });

  it('publishes the public key as an RSA KeyValue', () => {
    const jwk = createPublicKey(key.publicKeyPem).export({ format: 'jwk' });
    expect(dsElement(signed, 'Modulus').textContent).toBe(Buffer.from(jwk.n!, 'base64url').toString('base64'));
    expect(dsElement(signed, 'Exponent').textContent).toBe('AQAB');
  });
});

describe('verifyInvoiceXml', () => {
  it('fails when one amount in the signed invoice is changed', () => {
    const payable = `<cbc:PayableAmount currencyID="COP">${TOTALS.payable}</cbc:PayableAmount>`;
    expect(signed).toContain(payable);
    const tampered = signed.replace(payable, '<cbc:PayableAmount currencyID="COP">17168.49</cbc:PayableAmount>');
    expect(verifyInvoiceXml(tampered, key.publicKeyPem)).toBe(false);
  });

  it('fails with a different public key', () => {
    expect(verifyInvoiceXml(signed, otherKey.publicKeyPem)).toBe(false);
  });

  it('ignores the key inside the document: a tampered invoice re-signed with another key does not verify', () => {
    const tampered = buildInvoiceUbl(ublInput({ fullNumber: 'SETP990000999' }));
    const forged = signInvoiceXml(tampered, otherKey);
    expect(verifyInvoiceXml(forged, otherKey.publicKeyPem)).toBe(true);
    expect(verifyInvoiceXml(forged, key.publicKeyPem)).toBe(false);
  });

  it('is false, without throwing, for an unsigned invoice and for text that is not XML', () => {
    expect(verifyInvoiceXml(buildInvoiceUbl(ublInput()), key.publicKeyPem)).toBe(false);
    expect(verifyInvoiceXml('not xml <', key.publicKeyPem)).toBe(false);
  });
});
