/**
 * Where the invoicing service may live. The client secret is sent to this address, so it must never travel in
 * clear to another machine: `https://` anywhere, `http://` only to this machine (loopback). Written without the
 * URL global so `shared/` stays free of DOM and Node types.
 */
const SHAPE = /^(https?):\/\/(\[[0-9a-fA-F:.]+\]|[A-Za-z0-9.-]+)(?::(\d{1,5}))?(\/[^\s?#]*)?$/;
const LOOPBACK = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\])$/i;

export const SERVICE_URL_MAX_LENGTH = 300;

export type ServiceUrlProblem = 'required' | 'too-long' | 'not-a-url' | 'not-https';

/** Null when the base URL is acceptable; otherwise what is wrong with it. */
export function serviceUrlProblem(value: string): ServiceUrlProblem | null {
  const text = value.trim();
  if (text === '') return 'required';
  if (text.length > SERVICE_URL_MAX_LENGTH) return 'too-long';
  const match = SHAPE.exec(text);
  if (!match) return 'not-a-url';
  const [, scheme, host, port] = match;
  if (port !== undefined && (Number(port) < 1 || Number(port) > 65535)) return 'not-a-url';
  if (host === undefined || host.startsWith('.') || host.endsWith('.') || host.includes('..')) return 'not-a-url';
  if (scheme === 'http' && !LOOPBACK.test(host)) return 'not-https';
  return null;
}

export const SERVICE_URL_MESSAGES: Record<ServiceUrlProblem, string> = {
  required: 'is required',
  'too-long': `must be at most ${SERVICE_URL_MAX_LENGTH} characters`,
  'not-a-url': 'must be a URL such as https://api.example.com',
  'not-https': 'must start with https:// (http:// is only allowed for this computer, e.g. http://127.0.0.1:4010)',
};
