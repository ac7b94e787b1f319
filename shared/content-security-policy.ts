/** The renderer's one Content-Security-Policy, for every shell that serves it (Electron, browser mode, the back-office PC). */

/**
 * Directives a `<meta http-equiv="Content-Security-Policy">` tag can carry. The built page carries this value in a
 * meta tag too, so the policy holds however the page is served (the app:// protocol and browser mode also send the
 * full policy as a header).
 * No remote origin anywhere: scripts, styles and fonts come from the app's own files; images may also be
 * data: and blob: URIs the page made itself (the receipt's QR is a PNG data URI); the only connection is to
 * 'self' (browser mode's bridge). No 'unsafe-inline': React's style props go through the CSSOM, which CSP allows.
 */
const META_DIRECTIVES: ReadonlyArray<readonly [string, string]> = [
  ['default-src', "'none'"],
  ['script-src', "'self'"],
  ['style-src', "'self'"],
  ['img-src', "'self' data: blob:"],
  ['font-src', "'self'"],
  ['connect-src', "'self'"],
  ['object-src', "'none'"],
  ['frame-src', "'none'"],
  ['worker-src', "'none'"],
  ['manifest-src', "'none'"],
  ['media-src', "'none'"],
  ['base-uri', "'none'"],
  ['form-action', "'none'"],
];

/** Directives ignored inside a meta tag, so they travel only in the header. */
const HEADER_ONLY_DIRECTIVES: ReadonlyArray<readonly [string, string]> = [['frame-ancestors', "'none'"]];

const joinDirectives = (list: ReadonlyArray<readonly [string, string]>) =>
  list.map(([name, value]) => `${name} ${value}`).join('; ');

/** The value for the renderer's `<meta http-equiv="Content-Security-Policy" content="…">`. */
export const CONTENT_SECURITY_POLICY_META = joinDirectives(META_DIRECTIVES);

/** The full policy, sent as a response header wherever a response has headers. */
export const CONTENT_SECURITY_POLICY = joinDirectives([...META_DIRECTIVES, ...HEADER_ONLY_DIRECTIVES]);
