/** Route table matching for the sandbox: exact segments and `{name}` parameters, nothing more. */
import type { IncomingMessage } from 'node:http';
import type { Reply } from './http-io';

export interface RequestContext {
  req: IncomingMessage;
  params: Record<string, string>;
  query: URLSearchParams;
  /** The authenticated client, or null on routes that need no bearer. */
  clientId: string | null;
  /** The parsed JSON body on routes with `body: true`; undefined otherwise. */
  body: unknown;
}

export interface Route {
  method: 'GET' | 'POST';
  /** e.g. "/v1/documents/{id}"; also the key used in the request counters. */
  pattern: string;
  auth: 'bearer' | 'none';
  /** Whether the route takes a JSON body (read and parsed before the handler runs). */
  body?: boolean;
  handle(ctx: RequestContext): Reply | Promise<Reply>;
}

export type Match =
  | { kind: 'found'; route: Route; params: Record<string, string> }
  | { kind: 'method-not-allowed'; allow: string[] }
  | { kind: 'not-found' };

function matchPattern(pattern: string, path: string): Record<string, string> | null {
  const want = pattern.split('/');
  const got = path.split('/');
  if (want.length !== got.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i++) {
    const w = want[i] ?? '';
    const g = got[i] ?? '';
    if (w.startsWith('{') && w.endsWith('}')) {
      if (g === '') return null;
      try {
        params[w.slice(1, -1)] = decodeURIComponent(g);
      } catch {
        return null;
      }
    } else if (w !== g) {
      return null;
    }
  }
  return params;
}

export function matchRoute(routes: readonly Route[], method: string, path: string): Match {
  const allow: string[] = [];
  for (const route of routes) {
    const params = matchPattern(route.pattern, path);
    if (!params) continue;
    if (route.method === method) return { kind: 'found', route, params };
    allow.push(route.method);
  }
  return allow.length > 0 ? { kind: 'method-not-allowed', allow } : { kind: 'not-found' };
}
