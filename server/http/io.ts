/**
 * Reading request bodies and writing JSON replies. A body over the contract's limit is refused (413) before any of
 * it is parsed; broken JSON and schema refusals are answered 400 with the field, as the contract says:
 * `{ error: { code: 'invalid_request', message, problems: [{ field, message }] } }`.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { z } from 'zod';
import { problemsFromIssues, type FieldProblem } from '../../shared/api/field-problems';
import { tolerantParse } from '../../shared/shop/contract-version';

export interface Reply { status: number; body: unknown; headers?: Record<string, string> }

export const reply = (status: number, body: unknown, headers?: Record<string, string>): Reply => (headers ? { status, body, headers } : { status, body });

export function refusal(status: number, code: string, message: string, extra: Record<string, unknown> = {}, headers?: Record<string, string>): Reply {
  return reply(status, { error: { code, message, ...extra } }, headers);
}

export function invalid(problems: FieldProblem[]): Reply {
  return refusal(400, 'invalid_request', problems.map((p) => p.message).slice(0, 3).join('; '), { problems });
}

export type BodyResult = { ok: true; bytes: Buffer } | { ok: false; reply: Reply };

/** Reads at most `maxBytes`; past it answers 413 and stops buffering (the rest is discarded, up to a bound). */
export async function readBody(req: IncomingMessage, maxBytes: number): Promise<BodyResult> {
  const tooLarge = (): BodyResult => {
    drainThenDrop(req, maxBytes);
    return { ok: false, reply: refusal(413, 'body_too_large', `the request body exceeds ${maxBytes} bytes`, {}, { Connection: 'close' }) };
  };
  const declared = Number(req.headers['content-length'] ?? NaN);
  if (Number.isFinite(declared) && declared > maxBytes) return tooLarge();
  const chunks: Buffer[] = [];
  let size = 0;
  return new Promise<BodyResult>((resolve) => {
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) {
        req.off('data', onData);
        req.off('end', onEnd);
        resolve(tooLarge());
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => resolve({ ok: true, bytes: Buffer.concat(chunks) });
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', () => resolve({ ok: false, reply: refusal(400, 'body_unreadable', 'the request body could not be read') }));
  });
}

/** Lets a client that already sent part of a too-large body read the 413, without listening forever. */
function drainThenDrop(req: IncomingMessage, maxBytes: number): void {
  let discarded = 0;
  req.on('data', (chunk: Buffer) => {
    discarded += chunk.length;
    if (discarded > 2 * maxBytes) req.destroy();
  });
  req.resume();
}

/**
 * Parses JSON and checks it against a contract schema; any failure names the field. `tolerant` (a till speaking a
 * newer contract, shared/shop/contract-version.ts): fields this server does not know are ignored, not refused.
 */
export function parseBody<S extends z.ZodType>(bytes: Buffer, schema: S, tolerant = false): { ok: true; value: z.output<S> } | { ok: false; reply: Reply } {
  const text = bytes.toString('utf8');
  if (text.trim() === '') return { ok: false, reply: invalid([{ field: '', message: 'the request body is empty; it must be a JSON object' }]) };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, reply: invalid([{ field: '', message: 'the request body is not valid JSON' }]) };
  }
  return checkValue(value, schema, 'request body', tolerant);
}

export function checkValue<S extends z.ZodType>(value: unknown, schema: S, rootName: string, tolerant = false): { ok: true; value: z.output<S> } | { ok: false; reply: Reply } {
  const parsed = tolerant ? tolerantParse(schema, value) : schema.safeParse(value);
  if (parsed.success) return { ok: true, value: parsed.data };
  return { ok: false, reply: invalid(problemsFromIssues(parsed.error.issues, rootName)) };
}

export function writeReply(res: ServerResponse, r: Reply): void {
  if (res.headersSent || res.destroyed) return;
  const text = JSON.stringify(r.body);
  res.writeHead(r.status, {
    ...r.headers,
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': String(Buffer.byteLength(text)),
    'Cache-Control': 'no-store',
  });
  res.end(text);
}
