/** Reading JSON requests and writing JSON replies for the sandbox's node:http server. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { errorBody } from '../shared/api/errors';

/** What a route handler answers; the server decides how it reaches the wire (faults may alter it). */
export interface Reply {
  status: number;
  body: unknown;
  /** Defaults to application/json; a string body is sent as-is with this type. */
  contentType?: string;
  headers?: Record<string, string>;
}

export function json(status: number, body: unknown, headers?: Record<string, string>): Reply {
  return headers ? { status, body, headers } : { status, body };
}

export function failure(status: number, code: string, message: string, errors: unknown[] = [], headers?: Record<string, string>): Reply {
  return json(status, errorBody(status, code, message, errors), headers);
}

export type BodyResult = { ok: true; value: unknown } | { ok: false; reply: Reply };

const MAX_BODY_BYTES = 1_000_000;

/** Reads and parses a JSON body; every way it can go wrong becomes an error reply, never a throw. */
export async function readJsonBody(req: IncomingMessage): Promise<BodyResult> {
  const type = String(req.headers['content-type'] ?? '').toLowerCase();
  if (!/^application\/([a-z0-9.+-]*\+)?json\b/.test(type)) {
    return { ok: false, reply: failure(415, 'UNSUPPORTED_MEDIA_TYPE', 'Content-Type must be application/json') };
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buf = chunk as Buffer;
    size += buf.length;
    if (size > MAX_BODY_BYTES) {
      return { ok: false, reply: failure(413, 'PAYLOAD_TOO_LARGE', `request body exceeds ${MAX_BODY_BYTES} bytes`) };
    }
    chunks.push(buf);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  if (text.trim() === '') {
    return { ok: false, reply: failure(400, 'VALIDATION', 'request body must be a JSON object', [{ field: '', message: 'body is empty' }]) };
  }
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false, reply: failure(400, 'VALIDATION', 'request body is not valid JSON', [{ field: '', message: 'malformed JSON' }]) };
  }
}

/** Serialises a reply; `mangle` lets the malformed-response fault cut the text. */
export function writeReply(res: ServerResponse, reply: Reply, mangle?: (text: string) => string): void {
  const contentType = reply.contentType ?? 'application/json; charset=utf-8';
  let text = typeof reply.body === 'string' && reply.contentType ? reply.body : JSON.stringify(reply.body);
  if (mangle) text = mangle(text);
  res.writeHead(reply.status, {
    ...reply.headers,
    'Content-Type': contentType,
    'Content-Length': String(Buffer.byteLength(text)),
    'Cache-Control': 'no-store',
  });
  res.end(text);
}
