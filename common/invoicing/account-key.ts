/**
 * The name of an invoicing account at the shop server (issue 28): the hex SHA-256 of the service's address (without
 * trailing slashes) and the client id. The till names its account with it when it asks for permits or watches
 * documents, and the server names the account whose credentials it holds the same way: neither says the client id.
 */
import { createHash } from 'node:crypto';

export function rateAccountKey(baseUrl: string, clientId: string): string {
  return createHash('sha256').update(`${baseUrl.replace(/\/+$/, '')}\n${clientId}`).digest('hex');
}
