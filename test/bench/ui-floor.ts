/**
 * The floor the UI bench measures against: a page with one <input> served by a node:http server on 127.0.0.1.
 * Measured exactly as the app (fresh context, goto, until the input is visible), it is what the browser itself
 * costs on this machine, so the difference is what the app adds.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export const FLOOR_PAGE = '<!doctype html><html lang="es-CO"><head><meta charset="utf-8"><title>Piso</title>'
  + '<link rel="icon" href="data:,"></head><body><input aria-label="Buscar producto"></body></html>';

export interface FloorServer { url: string; stop(): Promise<void> }

export async function startFloorServer(): Promise<FloorServer> {
  const server: Server = createServer((_request, response) => {
    response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' });
    response.end(FLOOR_PAGE);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    stop: () => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}
