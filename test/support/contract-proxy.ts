/**
 * A stand-in for a shop server of another contract version (issue 27), in front of the real one on 127.0.0.1: every
 * request goes through unchanged (the till's signature covers it), and every answer comes back as a server of the
 * chosen version would send it — its `X-Mostrador-Contract` header (or none, as before issue 27), fields this till
 * does not know added to every object of the answer (`addFields`, a newer server), or a push of sales refused the way
 * a strict older server refuses a field it does not know (`refuseSales`). What the stand-in does can change between
 * requests (a server updated in place).
 */
import { createServer, request, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CONTRACT_HEADER } from '../../shared/shop/contract-version';

export interface ContractProxyMode {
  /** The version the answers say; null: no header (a server before issue 27). */
  say: number | null;
  addFields?: boolean;
  refuseSales?: boolean;
}

export interface ContractProxy {
  url: string;
  mode: ContractProxyMode;
  /** Requests seen, by "METHOD path status". */
  seen: string[];
  close(): Promise<void>;
}

/** Adds `futureField` to every plain object of a JSON value (arrays walked), as a newer server's answer might carry. */
function withFutureFields(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withFutureFields);
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[k] = k === 'value' ? v : withFutureFields(v);
  out.futureField = { since: 'a later contract' };
  return out;
}

export async function startContractProxy(target: string, mode: ContractProxyMode): Promise<ContractProxy> {
  const to = new URL(target);
  const seen: string[] = [];
  const proxy: ContractProxy = { url: '', mode, seen, close: async () => {} };
  const send = (res: import('node:http').ServerResponse, status: number, headers: Record<string, string>, text: string, what: string) => {
    seen.push(`${what} ${status}`);
    const out: Record<string, string> = { ...headers, 'content-type': 'application/json; charset=utf-8', 'content-length': String(Buffer.byteLength(text)) };
    delete out[CONTRACT_HEADER.toLowerCase()];
    if (proxy.mode.say !== null) out[CONTRACT_HEADER] = String(proxy.mode.say);
    res.writeHead(status, out);
    res.end(text);
  };
  const server: Server = createServer((req: IncomingMessage, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const path = (req.url ?? '/').split('?')[0]!;
      const what = `${req.method} ${path}`;
      if (proxy.mode.refuseSales && path === '/v1/sales') {
        // A strict server of an older contract: a field it does not know is a field it refuses (400, named).
        send(res, 400, {}, JSON.stringify({ error: { code: 'invalid_request', message: 'sales.0.futureField: Unrecognized key', problems: [{ field: 'sales.0.futureField', message: 'Unrecognized key: "futureField"' }] } }), what);
        return;
      }
      const headers: Record<string, string> = {};
      for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string' && k !== 'host' && k !== 'connection') headers[k] = v;
      const forward = request({ host: to.hostname, port: Number(to.port), method: req.method, path: req.url, headers, agent: false }, (answer) => {
        const back: Buffer[] = [];
        answer.on('data', (c: Buffer) => back.push(c));
        answer.on('end', () => {
          let text = Buffer.concat(back).toString('utf8');
          const status = answer.statusCode ?? 502;
          if (proxy.mode.addFields && status === 200 && text.startsWith('{')) text = JSON.stringify(withFutureFields(JSON.parse(text)));
          const kept: Record<string, string> = {};
          for (const [k, v] of Object.entries(answer.headers)) if (typeof v === 'string' && k !== 'content-length' && k !== 'connection' && k !== 'keep-alive') kept[k] = v;
          send(res, status, kept, text, what);
        });
      });
      forward.on('error', () => send(res, 502, {}, JSON.stringify({ error: { code: 'bad_gateway', message: 'the server behind the stand-in did not answer' } }), what));
      forward.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  proxy.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  proxy.close = () => new Promise<void>((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
  return proxy;
}
