/**
 * The owner's command line in the shop's words (issue 26): Spanish text, times in the shop's time zone
 * (America/Bogota, shared/shop/shop-day.ts) on a 24-hour clock like the tills show them, the addresses a till can
 * type (each LAN address of this machine with the port, never 0.0.0.0), and a `--help` for every command.
 */
import { networkInterfaces, type NetworkInterfaceInfo } from 'node:os';
import { BOGOTA_OFFSET_MS } from '../shared/shop/shop-day';
import type { ShopInvoicingStatus } from '../shared/shop/confirmations';

/** "22:48:15": the shop's clock, 24 hours (the tills' status bar and receipts read the same). */
export function shopClock(ms: number): string {
  return new Date(ms + BOGOTA_OFFSET_MS).toISOString().slice(11, 19);
}

/** "2026-11-27 22:48": a date and time at the shop. */
export function shopDateTime(ms: number): string {
  const text = new Date(ms + BOGOTA_OFFSET_MS).toISOString();
  return `${text.slice(0, 10)} ${text.slice(11, 16)}`;
}

const ANY_HOST = new Set(['0.0.0.0', '::', '[::]', '']);

/**
 * The addresses a till can type to reach a server listening on `host`: that host itself when it names one, else
 * every IPv4 address of this machine's network cards (not the loopback), with the scheme and port. Empty when the
 * machine has no network address (then only this computer reaches it).
 */
export function tillAddresses(host: string, port: number, scheme: 'http' | 'https', interfaces: NodeJS.Dict<NetworkInterfaceInfo[]> = networkInterfaces()): string[] {
  if (!ANY_HOST.has(host)) return [`${scheme}://${host.includes(':') ? `[${host}]` : host}:${port}`];
  const seen = new Set<string>();
  for (const list of Object.values(interfaces)) {
    for (const address of list ?? []) {
      if (address.family !== 'IPv4' || address.internal) continue;
      seen.add(`${scheme}://${address.address}:${port}`);
    }
  }
  return [...seen];
}

/** A command's help: what it does and how to call it. */
export const COMMAND_HELP: Record<string, string> = {
  serve: `npm run server -- [--data-dir CARPETA | --database-url URL] [--port 4300] [--host 0.0.0.0] [--tls]
                    [--back-office [--back-office-port 4301]] [--backup-dir CARPETA [--backup-at 03:00] [--pg-bin CARPETA]]
                    [--no-announce] [--webhooks-listen 127.0.0.1:4302]
    Pone en marcha el servidor de la tienda y dice las direcciones que las cajas escriben en Ajustes → Servidor de
    la tienda. Con --back-office, también Tienda en este computador (solo aquí; su dirección, con su clave, se
    conserva en la carpeta de datos: npm run server -- status la vuelve a mostrar). Con --backup-dir guarda cada día
    a la hora --backup-at una copia verificada allí (y al arrancar, si la más nueva es más vieja que la última hora
    programada): se conservan 7 diarias, 4 semanales y 12 mensuales. Con TLS se anuncia en la red de la tienda
    (DNS-SD, _mostrador._tcp) para que una caja que lo perdió lo encuentre por su certificado; --no-announce no.
    Con --webhooks-listen HOST:PUERTO escucha los webhooks del servicio de facturación en un puerto propio (vea webhooks --help).
    Detrás de un proxy, --trusted-proxy DIRECCIÓN (repetible) hace creer su X-Forwarded-For para contar por equipo los códigos de emparejamiento equivocados.`,
  pair: `npm run server -- pair --data-dir CARPETA
    Abre el emparejamiento en el servidor en marcha: muestra un código de un solo uso para escribirlo en la caja
    nueva (Ajustes → Servidor de la tienda) durante 10 minutos.`,
  tills: `npm run server -- tills --data-dir CARPETA
    Lista las cajas emparejadas: número, nombre, identificador y cuándo se emparejó.`,
  rename: `npm run server -- rename N NOMBRE --data-dir CARPETA
    Cambia el nombre de la caja número N (un nombre que ninguna otra caja tenga): todas las cajas se enteran; sus
    ventas anteriores conservan su número.`,
  revoke: `npm run server -- revoke N --data-dir CARPETA
    Revoca la caja número N (o su identificador): el servidor rechaza sus llamadas desde ese momento.`,
  backups: `npm run server -- backups (--backup-dir CARPETA | --data-dir CARPETA)
    Lista las copias guardadas, la más nueva primero, con lo que tiene cada una.`,
  'backup-now': `npm run server -- backup-now --data-dir CARPETA
    El servidor en marcha toma ahora una copia verificada (la conserva la misma rotación).`,
  restore: `npm run server -- restore ARCHIVO (--data-dir CARPETA | --database-url URL) [--pg-bin CARPETA]
    Restaura una copia en un almacén vacío: una carpeta integrada ausente o vacía (CARPETA/pglite) o una base de
    PostgreSQL vacía; un almacén con datos se rechaza. Después ponga en marcha el servidor como siempre.`,
  status: `npm run server -- status (--data-dir CARPETA | --database-url URL)
    Dice si el servidor de esa carpeta está en marcha; los procesos del servidor en su base de datos (cada uno late
    cada 15 s: uno sin latido terminó sin avisar); la base de datos y su esquema; cada caja y cuándo habló por última
    vez; la última copia del servidor y su edad; las direcciones que escriben las cajas y la dirección de Tienda en
    este computador (con su clave). Con --database-url lee la base directamente (varios procesos en una base).
    Sale con 1 si el servidor no responde.`,
  'service-account': `npm run server -- service-account set --service-url URL --client-id ID (--data-dir CARPETA | --database-url URL)
                    npm run server -- service-account show | clear (--data-dir CARPETA | --database-url URL)
    Las credenciales del servicio de facturación en el servidor: con ellas el servidor confirma los documentos de
    todas las cajas de esa cuenta (una sola consulta al servicio por la tienda, no una por caja). set lee el secreto
    del cliente por la entrada estándar (nunca en la línea de órdenes) y lo guarda en el llavero de este computador;
    la base de datos guarda solo la dirección, el id de cliente y si el servicio las rechazó. show dice cuáles hay y
    su estado (nunca el secreto); clear las borra (las cajas vuelven a confirmar por sí mismas).`,
  webhooks: `npm run server -- webhooks set --public-url https://… [--adapter sandbox|manual] --data-dir CARPETA
    npm run server -- webhooks show --data-dir CARPETA      npm run server -- webhooks clear --data-dir CARPETA
    Los webhooks del servicio de facturación (docs/shop-webhooks.md). set: la dirección pública (un proxy con
    certificado o un túnel delante de --webhooks-listen); --adapter sandbox registra la dirección en el servicio y
    guarda su secreto; manual (por omisión) muestra la dirección para registrarla en el portal del proveedor y lee
    el secreto de la entrada estándar (vacío: ninguno). Los secretos van al llavero de este computador, nunca a la
    base de datos. show: configuración y cifras (recibidos, el último, rechazados). clear: los quita.`,
};

export const COMMANDS = Object.keys(COMMAND_HELP);

export function usage(command?: string): string {
  const help = command ? COMMAND_HELP[command] : undefined;
  if (help) return `Servidor de la tienda Mostrador — ${command}\n\n  ${help}`;
  return `Servidor de la tienda Mostrador\n\n${COMMANDS.map((c) => `  ${COMMAND_HELP[c]}`).join('\n\n')}\n\n`
    + '  Cada orden explica la suya: npm run server -- ORDEN --help';
}

/** "hace 12 s", "hace 4 min", "hace 3 h 5 min", "hace 2 días": how long ago, for the owner's status. */
export function agoText(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  if (s < 60) return `hace ${s} s`;
  const min = Math.floor(s / 60);
  if (min < 60) return `hace ${min} min`;
  const h = Math.floor(min / 60);
  if (h < 48) return `hace ${h} h${min % 60 ? ` ${min % 60} min` : ''}`;
  return `hace ${Math.floor(h / 24)} días`;
}

export interface StatusFacts {
  now: number;
  database: { kind: 'pglite' | 'postgresql'; schema: number; schemaKnown: number; durability: string };
  processes: Array<{
    pid: number; host: string; addresses: string[]; version: string; contract: number; startedAt: number; beatAt: number; stoppedAt: number | null;
    /** Set by the status command for a process of this computer whose pid no longer exists (killed before its beats stop). */
    vanished?: boolean;
  }>;
  tills: Array<{ number: number; name: string; revoked: boolean; pairedAt: number; lastSeenAt: number | null }>;
  /** The shop's traffic with the invoicing service (issue 28): absent from servers before it. */
  invoicing?: ShopInvoicingStatus;
}

/** The status of one database as lines: its processes (running, stopped, gone), the database and the tills. */
export function statusLines(facts: StatusFacts, goneAfterMs: number, where: string): string[] {
  const { now } = facts;
  const lines: string[] = [];
  const running = facts.processes.filter((p) => p.stoppedAt === null && !p.vanished && now - p.beatAt <= goneAfterMs);
  lines.push(running.length === 0 ? 'Procesos del servidor: ninguno late ahora.' : `Procesos del servidor (${running.length} en marcha):`);
  for (const p of facts.processes) {
    const state = p.stoppedAt !== null ? `detenido ${agoText(now - p.stoppedAt)}`
      : p.vanished ? `terminó sin avisar: su proceso ya no existe en este computador (último latido ${agoText(now - p.beatAt)})`
      : now - p.beatAt > goneAfterMs ? `SIN LATIDO desde ${agoText(now - p.beatAt)}: terminó sin avisar (¿apagón, proceso matado?)`
        : `en marcha, último latido ${agoText(now - p.beatAt)}`;
    lines.push(`  proceso ${p.pid} en ${p.host}, versión ${p.version} (contrato ${p.contract}), desde ${shopDateTime(p.startedAt)}: ${state}`
      + `${p.addresses.length > 0 && p.stoppedAt === null ? ` — ${p.addresses.join(', ')}` : ''}`);
  }
  const d = facts.database;
  lines.push(`Base de datos: ${d.kind === 'pglite' ? `PostgreSQL integrado en ${where}` : `PostgreSQL (${where})`}; esquema ${d.schema} de ${d.schemaKnown}; ${d.durability}.`);
  if (d.schema < d.schemaKnown) lines.push(`  Al esquema le faltan ${d.schemaKnown - d.schema} cambios: el próximo arranque del servidor los aplica (solo hacia adelante).`);
  const tills = facts.tills.filter((t) => !t.revoked);
  lines.push(tills.length === 0 ? 'Cajas: aún no hay ninguna emparejada (npm run server -- pair).' : `Cajas (${tills.length}):`);
  for (const t of facts.tills) {
    const spoke = t.lastSeenAt === null ? `sin noticias suyas desde que se emparejó (${shopDateTime(t.pairedAt)})` :  `habló por última vez ${agoText(now - t.lastSeenAt)} (${shopDateTime(t.lastSeenAt)})`;
    lines.push(`  n.º ${t.number} ${t.name}: ${t.revoked ? 'REVOCADA' : spoke}`);
  }
  if (facts.invoicing) lines.push(...invoicingLines(facts.invoicing, now));
  return lines;
}

/** The shop's invoicing: the server's credentials, the shop's requests against the limit, who confirms, the webhooks. */
export function invoicingLines(inv: ShopInvoicingStatus, now: number): string[] {
  const credentials = inv.credentials === 'set' ? 'el servidor confirma por toda la tienda con las credenciales guardadas'
    : inv.credentials === 'refused' ? 'el servicio RECHAZÓ las credenciales del servidor: cada caja confirma por sí misma hasta que se escriban de nuevo (npm run server -- service-account set)'
      : 'el servidor no tiene credenciales del servicio: cada caja confirma por sí misma (npm run server -- service-account set, vea docs/shop-confirmations.md)';
  const lines = [`Facturación: ${credentials}; la tienda hizo ${inv.requestsLastMinute} de ${inv.limit} peticiones permitidas en el último minuto.`];
  for (const t of inv.tills) {
    const who = t.confirmsItself ? 'confirma por sí misma' : 'el servidor confirma por ella';
    lines.push(`  n.º ${t.number} ${t.name}: ${t.waiting} ${t.waiting === 1 ? 'factura espera' : 'facturas esperan'} la validación; ${who}`);
  }
  const w = inv.webhooks;
  lines.push(!w.configured ? 'Webhooks: no configurados (el servidor lee el servicio; vea docs/shop-webhooks.md).'
    : w.lastAt === null ? `Webhooks: configurados; aún no ha llegado ninguno (${w.received} recibidos).`
      : `Webhooks: ${w.received} recibidos; el último ${agoText(now - w.lastAt)} (${shopDateTime(w.lastAt)}).`);
  return lines;
}

/** The newest server copy and its age; a warning past two days. */
export function copyLine(newest: { file: string; at: number } | null, now: number, folder: string | null): string {
  if (!folder) return 'Copias del servidor: este servidor arrancó sin --backup-dir; no guarda copias (vea npm run server -- --help).';
  if (!newest) return `Copias del servidor: aún no hay ninguna en ${folder}.`;
  const age = now - newest.at;
  return `Última copia del servidor: ${newest.file}, del ${shopDateTime(newest.at)} (${agoText(age)})`
    + `${age > 2 * 86_400_000 ? ' — DEMASIADO VIEJA: ¿está el servidor en marcha con --backup-dir, y su disco conectado?' : ''}.`;
}
