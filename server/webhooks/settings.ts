/**
 * The webhook's configuration at the server: which adapter, the public URL the service calls (kept in the database,
 * shared by every server process on it), and its secrets (the path token and the signing secret, in the OS keychain:
 * keychain.ts). `sandbox` registers the URL with the service itself (POST {service}/sandbox/webhooks with the
 * server's token) and keeps the secret it answers; `manual` takes the secret the owner typed (or none).
 */
import { randomBytes } from 'node:crypto';
import { hookUrl, type WebhookAdapterKind } from '../../shared/shop/service-webhooks';
import type { Queryable } from '../db/adapter';
import { readShop } from '../store/shop';
import { manualAdapter, sandboxAdapter, type WebhookAdapter } from './adapters';
import type { WebhookKeychain } from './keychain';

/** How the server reaches the service for the sandbox's registration: its base URL and a bearer token now. */
export interface ServiceAccess { baseUrl: string; bearerToken(): Promise<string> }

export interface ActiveWebhooks {
  adapter: WebhookAdapter;
  publicUrl: string;
  pathToken: string;
  signed: boolean;
  registrationId: string | null;
  configuredAt: number;
}

export interface WebhookSummary { configured: boolean; adapter: WebhookAdapterKind | null; publicUrl: string | null; signed: boolean; registrationId: string | null; configuredAt: number | null }

/** The public URL the owner gives: https (or http on loopback, for trials), no query, no fragment, no credentials. */
export function publicUrlProblem(text: string): string | null {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return `${text} no es una dirección: escríbala entera, p. ej. https://hooks.example.com`;
  }
  const loopback = url.hostname === '127.0.0.1' || url.hostname === 'localhost' || url.hostname === '[::1]';
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && loopback)) return 'la dirección pública debe empezar por https:// (http solo para pruebas en 127.0.0.1)';
  if (url.username || url.password) return 'la dirección pública no lleva usuario ni contraseña';
  if (url.search || url.hash) return 'la dirección pública no lleva consulta (?…) ni fragmento (#…)';
  if (text.length > 500) return 'la dirección pública es demasiado larga (500 caracteres como máximo)';
  return null;
}

export class WebhookSetupError extends Error {}

const REGISTER_TIMEOUT_MS = 10_000;

export class WebhookSettings {
  constructor(private readonly deps: {
    db: Queryable;
    keychain: WebhookKeychain;
    now: () => number;
    /** The service's address and token (confirm-server's credentials); null while the server has none. */
    serviceAccess?: () => Promise<ServiceAccess | null>;
  }) {}

  async summary(): Promise<WebhookSummary> {
    const { rows } = await this.deps.db.query<{ adapter: WebhookAdapterKind; public_url: string; signed: boolean; registration_id: string | null; configured_at: number }>(
      'SELECT adapter, public_url, signed, registration_id, configured_at FROM service_webhook_config');
    const r = rows[0];
    return r
      ? { configured: true, adapter: r.adapter, publicUrl: r.public_url, signed: r.signed, registrationId: r.registration_id, configuredAt: Number(r.configured_at) }
      : { configured: false, adapter: null, publicUrl: null, signed: false, registrationId: null, configuredAt: null };
  }

  /** What the receiver checks with now; null when not configured or the keychain has lost its entry. */
  async active(): Promise<ActiveWebhooks | null> {
    const s = await this.summary();
    if (!s.configured || !s.adapter || !s.publicUrl) return null;
    const secrets = await this.deps.keychain.read((await readShop(this.deps.db)).id);
    if (!secrets) return null;
    if (s.signed && !secrets.signingSecret) return null;
    const adapter = s.adapter === 'sandbox' && secrets.signingSecret ? sandboxAdapter(secrets.signingSecret) : manualAdapter();
    return { adapter, publicUrl: s.publicUrl, pathToken: secrets.pathToken, signed: s.signed, registrationId: s.registrationId, configuredAt: s.configuredAt ?? 0 };
  }

  /**
   * Configures (or reconfigures) the webhook: a new path token every time. `sandbox` registers at the service and
   * keeps its secret; `manual` keeps `secret` (optional: no signature scheme is known for a real provider).
   */
  async set(input: { adapter: WebhookAdapterKind; publicUrl: string; secret?: string | null }): Promise<{ hookUrl: string; signed: boolean; registrationId: string | null }> {
    const problem = publicUrlProblem(input.publicUrl);
    if (problem) throw new WebhookSetupError(problem);
    const publicUrl = input.publicUrl.replace(/\/+$/, '');
    const pathToken = randomBytes(24).toString('base64url');
    const url = hookUrl(publicUrl, pathToken);
    let signingSecret: string | null = null;
    let registrationId: string | null = null;
    if (input.adapter === 'sandbox') {
      if (input.secret) throw new WebhookSetupError('con --adapter sandbox el servicio da el secreto al registrar: no escriba ninguno');
      const registered = await this.registerAtSandbox(url);
      signingSecret = registered.secret;
      registrationId = registered.id;
    } else {
      const typed = input.secret?.trim() ?? '';
      if (typed.length > 0 && typed.length < 16) throw new WebhookSetupError('el secreto es demasiado corto (16 caracteres como mínimo): pegue el secreto entero que muestra el proveedor, o ninguno');
      if (typed.length > 1000) throw new WebhookSetupError('el secreto es demasiado largo (1000 caracteres como máximo)');
      signingSecret = typed || null;
    }
    const shopId = (await readShop(this.deps.db)).id;
    await this.deps.keychain.write(shopId, { pathToken, signingSecret });
    // Signed only where a scheme is known: the sandbox's. A manual secret is kept for when one is.
    const signed = input.adapter === 'sandbox';
    await this.deps.db.query(
      `INSERT INTO service_webhook_config (singleton, adapter, public_url, registration_id, signed, configured_at) VALUES (TRUE, $1, $2, $3, $4, $5)
       ON CONFLICT (singleton) DO UPDATE SET adapter = $1, public_url = $2, registration_id = $3, signed = $4, configured_at = $5`,
      [input.adapter, publicUrl, registrationId, signed, this.deps.now()]);
    return { hookUrl: url, signed, registrationId };
  }

  /** Removes the configuration; then the keychain's entry (if the keychain cannot be reached, `warning` says so). */
  async clear(): Promise<{ cleared: boolean; warning: string | null }> {
    const { rowCount } = await this.deps.db.query('DELETE FROM service_webhook_config');
    try {
      await this.deps.keychain.remove((await readShop(this.deps.db)).id);
      return { cleared: rowCount > 0, warning: null };
    } catch (error) {
      return { cleared: rowCount > 0, warning: `los webhooks quedan quitados, pero su secreto sigue en el llavero: ${error instanceof Error ? error.message : String(error)}` };
    }
  }

  private async registerAtSandbox(url: string): Promise<{ id: string; secret: string }> {
    const access = await this.deps.serviceAccess?.() ?? null;
    if (!access) throw new WebhookSetupError('el servidor aún no tiene las credenciales del servicio de facturación: póngalas primero en el servidor y repita webhooks set');
    const token = await access.bearerToken();
    let res: Response;
    try {
      res = await fetch(`${access.baseUrl.replace(/\/+$/, '')}/sandbox/webhooks`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ url }),
        signal: AbortSignal.timeout(REGISTER_TIMEOUT_MS),
      });
    } catch (error) {
      throw new WebhookSetupError(`el servicio no contestó al registro (${error instanceof Error ? error.message : String(error)}): revise la conexión a internet del servidor y repita`);
    }
    const text = await res.text();
    if (res.status === 404) throw new WebhookSetupError('el servicio no tiene /sandbox/webhooks (no es el sandbox): use --adapter manual y registre la dirección en el portal del proveedor');
    if (!res.ok) throw new WebhookSetupError(`el servicio rechazó el registro (HTTP ${res.status}: ${text.slice(0, 200)})`);
    let body: { id?: unknown; secret?: unknown };
    try {
      body = JSON.parse(text) as typeof body;
    } catch {
      throw new WebhookSetupError('el servicio contestó al registro algo que no es JSON');
    }
    if (typeof body.id !== 'string' || typeof body.secret !== 'string' || body.secret.length < 16) throw new WebhookSetupError('el servicio contestó al registro sin identificador ni secreto');
    return { id: body.id, secret: body.secret };
  }
}
