// Preflight before any check: each interface answers, each key given is accepted and
// holds the permission its flag claims. A problem here is the user's setup, not the target's
// conformance, so it ends the run with exit 2 and one line instead of misattributed failures
// (a wrong --trading-key used to show up as "trading-invalid-input-400 answered 401").
import { requestFor } from '../exchange/operation-request.js';
import type { Client } from '../exchange/transport.js';
import type { Exchange, InterfaceName } from '../types.js';

export type PreflightCode = 'key-rejected' | 'permission-missing' | 'wrong-interface';

export class PreflightError extends Error {
  constructor(
    readonly code: PreflightCode,
    message: string,
  ) {
    super(message);
    this.name = 'PreflightError';
  }
}

export interface PreflightKeys {
  trading?: { key?: string | undefined; readKey?: string | undefined } | undefined;
  wallet?: { keys: string[] } | undefined;
  /** With writes the trade key must hold trade (trading §5.5); without, it only reads. */
  allowWrites: boolean;
}

const answer = (ex: Exchange): string => `${ex.status} ${ex.bodyText.replace(/\s+/g, ' ').slice(0, 200)}`;

/** Each interface's public read: what the preflight asks first, and how it tells one interface from the other. */
const PUBLIC_READ: Record<InterfaceName, string> = { trading: 'getMarkets', wallet: 'listChains' };
const OTHER: Record<InterfaceName, InterfaceName> = { trading: 'wallet', wallet: 'trading' };

/**
 * After a 404 from `iface`'s URL (no such route there): whether that URL answers the other
 * interface's public read instead, in which case the URL, not a key, is what to fix (a
 * --trading-url pointing at the wallet's port). Nothing is thrown when it does not.
 */
async function checkServesInterface(client: Client, targets: Partial<Record<InterfaceName, string>>, iface: InterfaceName, ex: Exchange): Promise<void> {
  if (ex.status !== 404) return;
  const other = OTHER[iface];
  const probe = await client.send({ ...requestFor(PUBLIC_READ[other]), iface });
  if (probe.status < 200 || probe.status > 299) return;
  throw new PreflightError(
    'wrong-interface',
    `--${iface}-url ${targets[iface] ?? ''} seems to serve the ${other} interface: ${ex.method} ${new URL(ex.url).pathname} answered ${answer(ex)}, `
      + `and ${probe.method} ${new URL(probe.url).pathname} (the ${other} interface's) answered ${probe.status} there; give the ${iface} interface's base URL`,
  );
}

export async function preflight(client: Client, targets: Partial<Record<InterfaceName, string>>, keys: PreflightKeys): Promise<void> {
  // A public read per interface: connection problems surface here as TransportError (exit 2).
  for (const iface of ['trading', 'wallet'] as const) {
    if (targets[iface]) await checkServesInterface(client, targets, iface, await client.send(requestFor(PUBLIC_READ[iface])));
  }

  if (targets.trading) {
    for (const [flag, key] of [['--trading-key', keys.trading?.key], ['--trading-read-key', keys.trading?.readKey]] as const) {
      if (key === undefined) continue;
      const ex = await client.send(requestFor('getAccount', { key }));
      await checkServesInterface(client, targets, 'trading', ex);
      if (ex.status < 200 || ex.status > 299) throw new PreflightError('key-rejected', `${flag} was rejected: ${answer(ex)}`);
    }
    const tradeKey = keys.trading?.key;
    if (tradeKey !== undefined && keys.allowWrites) {
      // An empty order body: a key with trade gets 400 (the body is checked after the permission,
      // trading.guard-order), one without gets 403. Nothing can be placed from it.
      const ex = await client.send(requestFor('placeSpotOrder', { key: tradeKey, body: {} }));
      if (ex.status === 403) throw new PreflightError('permission-missing', `--trading-key lacks the trade permission (--allow-writes needs it): placeSpotOrder answered ${answer(ex)}`);
    }
  }
  if (targets.wallet) {
    for (const key of keys.wallet?.keys ?? []) {
      const ex = await client.send(requestFor('listWallets', { key }));
      await checkServesInterface(client, targets, 'wallet', ex);
      if (ex.status < 200 || ex.status > 299) throw new PreflightError('key-rejected', `--wallet-key was rejected: ${answer(ex)}`);
    }
  }
}
