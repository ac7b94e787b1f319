/**
 * Settings → Connection asks the service before anything is saved: a configuration that cannot work is refused
 * with the reason, so no setting can leave the till unable to invoice. The old secret leaves the keychain once no
 * sale needs it.
 */
import { BridgeFailure } from '../bridge/bridge-failure';
import type { CredentialAccount } from '../secrets/credential-store';
import type { AppContext } from './app-context';
import { checkCredentials } from './service-endpoint';
import { serviceKey } from './settings-mapping';

export async function verifyConnection(
  ctx: AppContext,
  target: CredentialAccount & { clientSecret: string },
  saveUnverified: boolean,
): Promise<void> {
  const check = await checkCredentials(target, { timeouts: ctx.connectionCheckTimeouts, now: ctx.now });
  ctx.log(`connection check at ${target.baseUrl}: ${check.kind}`);
  switch (check.kind) {
    case 'accepted':
      return;
    case 'refused':
      throw new BridgeFailure('INVALID_INPUT', `The service refused these credentials (${check.message}). Nothing was changed.`, {
        clientSecret: 'the service refused these credentials',
      });
    case 'unreachable':
      if (saveUnverified) return;
      throw new BridgeFailure(
        'UNAVAILABLE',
        `The invoicing service at ${target.baseUrl} could not be reached (${check.message}). Nothing was changed. ` +
          'Check the address, or save anyway: sales will wait until the service can be reached.',
        { baseUrl: 'could not be reached' },
      );
    case 'not-a-service':
      throw new BridgeFailure(
        'INVALID_INPUT',
        `The address ${target.baseUrl} did not answer like an invoicing service (${check.message}). Nothing was changed.`,
        { baseUrl: 'did not answer like an invoicing service' },
      );
  }
}

/** The secret of the connection just replaced goes, unless sales recorded for it still need it to be sent. */
export async function forgetPreviousSecret(ctx: AppContext, previous: CredentialAccount, saved: CredentialAccount): Promise<void> {
  if (!previous.baseUrl || !previous.clientId) return;
  const key = serviceKey(previous.baseUrl, previous.clientId);
  if (key === serviceKey(saved.baseUrl, saved.clientId)) return;
  if ((ctx.store.outstandingByService().get(key) ?? 0) > 0) return; // its engine forgets it once they are settled
  if ((ctx.store.countsByService().get(key)?.needs_attention ?? 0) > 0) return; // a retry sends them to it again
  try {
    await ctx.credentials.deleteClientSecret(previous);
  } catch (error) {
    ctx.log(`the old client secret could not be removed from the keychain: ${error instanceof Error ? error.message : String(error)}`);
  }
}
