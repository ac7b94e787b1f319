/** The owner's commands talk to the running server's admin routes, pinning its certificate like a till does. */
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { TLSSocket } from 'node:tls';
import { readAdminToken, readRunningServer } from './data-dir';

export async function adminCall(dataDir: string, method: 'GET' | 'POST', path: string, body?: unknown): Promise<{ status: number; body: unknown }> {
  const running = readRunningServer(dataDir);
  const token = readAdminToken(dataDir);
  const url = new URL(path, running.url);
  const text = body === undefined ? '' : JSON.stringify(body);
  const headers = { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', 'Content-Length': String(Buffer.byteLength(text)) };
  return new Promise((resolve, reject) => {
    const onResponse = (res: import('node:http').IncomingMessage) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        try {
          resolve({ status: res.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) });
        } catch (error) {
          reject(error);
        }
      });
    };
    // agent: false: no kept-alive socket and no cached TLS session, so every call makes a full handshake and shows
    // the certificate to compare (a resumed session shows none, and a second call in one process was refused).
    const req = url.protocol === 'https:'
      ? httpsRequest(url, { method, headers, rejectUnauthorized: false, agent: false }, onResponse)
      : httpRequest(url, { method, headers }, onResponse);
    if (url.protocol === 'https:') {
      req.on('socket', (socket) => socket.on('secureConnect', () => {
        const seen = (socket as TLSSocket).getPeerCertificate().fingerprint256?.replace(/:/g, '').toLowerCase();
        if (seen !== running.fingerprint) req.destroy(new Error('el servidor en esa dirección muestra otro certificado; no se le envía la clave de administración'));
      }));
    }
    req.on('error', (error: NodeJS.ErrnoException) => {
      // The certificate refusal above says itself; anything else: nobody answers where the server said it listens.
      if (error.message.startsWith('el servidor en esa dirección')) return reject(error);
      const why = error.code === 'ECONNREFUSED' ? 'nadie atiende allí' : error.code === 'ETIMEDOUT' ? 'no contesta a tiempo' : `error ${error.code ?? error.message}`;
      reject(new Error(`el servidor de ${dataDir} no responde en ${running.url} (${why}): póngalo en marcha con npm run server -- --data-dir ${dataDir}`));
    });
    req.end(text);
  });
}
