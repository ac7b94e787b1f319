/**
 * A database that could not be reached, said so the owner can act (issue 27): which server and database (never the
 * password), what went wrong in plain Spanish, and what to check. `pg` answers in English with codes
 * (ECONNREFUSED, ENOTFOUND, 28P01…); those codes are said here instead.
 */

/** Where the URL points, without user or password: "PostgreSQL en 127.0.0.1:5432, base tienda". */
export function whereTheDatabaseIs(url: string): string {
  try {
    const u = new URL(url);
    if (u.protocol !== 'postgres:' && u.protocol !== 'postgresql:') return 'la base de datos de --database-url';
    const host = u.hostname || 'este computador';
    const db = decodeURIComponent(u.pathname.replace(/^\//, '')) || '(sin nombre de base)';
    return `PostgreSQL en ${host}:${u.port || '5432'}, base «${db}»`;
  } catch {
    return 'la base de datos de --database-url';
  }
}

/** A plain sentence for an error met while opening `url`; null when it is not about reaching the database. */
export function databaseProblem(url: string, error: unknown): string | null {
  const where = whereTheDatabaseIs(url);
  let parsed: URL | null = null;
  try {
    parsed = new URL(url);
  } catch { /* said below */ }
  if (!parsed || (parsed.protocol !== 'postgres:' && parsed.protocol !== 'postgresql:')) {
    return 'la dirección de --database-url no se entiende: escríbala como postgres://USUARIO:CLAVE@MÁQUINA:5432/BASE';
  }
  const e = error as { code?: string; message?: string } | null;
  const code = e?.code ?? '';
  const message = e?.message ?? String(error);
  const check = 'Revise --database-url (postgres://USUARIO:CLAVE@MÁQUINA:PUERTO/BASE)';
  switch (code) {
    case 'ECONNREFUSED':
      return `no se pudo conectar con ${where}: nadie atiende en esa máquina y ese puerto. ¿Está en marcha PostgreSQL allí? ${check}.`;
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `no se encontró la máquina de ${where}: el nombre no existe en esta red. ${check}.`;
    case 'ETIMEDOUT':
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return `no se pudo alcanzar ${where}: la red no llega o no responde a tiempo. Revise la red, el cortafuegos y --database-url.`;
    case '28P01':
      return `${where} rechazó el usuario o la clave: revise el usuario y la clave de --database-url.`;
    case '28000':
      return `${where} no admite conexiones de este computador con ese usuario (pg_hba.conf): pida al administrador de PostgreSQL que lo permita, o revise el usuario.`;
    case '3D000':
      return `${where} no existe: créela (createdb) o revise el nombre de la base en --database-url.`;
    case '57P03':
      return `${where} está arrancando o deteniéndose: espere un momento y vuelva a intentarlo.`;
    case '53300':
      return `${where} no admite más conexiones ahora (too many connections): cierre otras conexiones o suba max_connections.`;
    default:
      if (/password authentication failed/i.test(message)) return `${where} rechazó el usuario o la clave: revise el usuario y la clave de --database-url.`;
      if (/SASL|client password must be a string/i.test(message)) return `${where} pide una clave y --database-url no la trae: escríbala como postgres://USUARIO:CLAVE@MÁQUINA:PUERTO/BASE.`;
      if (/ssl/i.test(message) && /not support|required|off/i.test(message)) return `${where} y este computador no se ponen de acuerdo en el cifrado (SSL): añada o quite ?sslmode=… en --database-url.`;
      return null;
  }
}

/** pg_dump / pg_restore that could not be started: where to get them or how to point at them. */
export function pgToolProblem(error: unknown): string | null {
  const message = error instanceof Error ? error.message : String(error);
  const missing = /could not run (\S+): .*ENOENT/.exec(message);
  if (!missing) return null;
  return `no se encontró ${missing[1]} en este computador: instale las herramientas cliente de PostgreSQL (de la misma versión que el servidor o más nueva) o diga dónde están con --pg-bin CARPETA`;
}
