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

const PUBLIC_READ = { trading: 'getMarkets', wallet: 'listChains' } as const;
const PATH = { trading: 'GET /api/v1/markets', wallet: 'GET /api/v1/chains' } as const;

/** The interface's public read answers something other than 404, or the URL is named as serving another (or none). */
async function servesInterface(client: Client, iface: InterfaceName, url: string): Promise<void> {
  const ex = await client.send(requestFor(PUBLIC_READ[iface]));
  if (ex.status !== 404) return;
  const other: InterfaceName = iface === 'trading' ? 'wallet' : 'trading';
  // The other interface's public read at the same URL, sent apart (not judged: it is no exchange of the run).
  const probe = await client.withBases({ [other]: url }).send(requestFor(PUBLIC_READ[other]));
  if (probe.status >= 200 && probe.status <= 299) {
    throw new PreflightError('wrong-interface', `--${iface}-url ${url} serves the ${other} interface (${PATH[other]} answered ${probe.status}), not ${iface} (${PATH[iface]} answered 404): give the ${iface} deployment's URL (are --trading-url and --wallet-url swapped?)`);
  }
  throw new PreflightError('wrong-interface', `--${iface}-url ${url} does not seem to serve the ${iface} interface: ${PATH[iface]} answered ${answer(ex)} (a URL with a path the request paths repeat, or another service?)`);
}

const answer = (ex: Exchange): string => `${ex.status} ${ex.bodyText.replace(/\s+/g, ' ').slice(0, 200)}`;

export async function preflight(client: Client, targets: Partial<Record<InterfaceName, string>>, keys: PreflightKeys): Promise<void> {
  // A public read per interface: connection problems surface here as TransportError (exit 2), and a
  // URL that does not serve the interface as one line saying which it seems to serve, before any
  // key is blamed for it.
  if (targets.trading) await servesInterface(client, 'trading', targets.trading);
  if (targets.wallet) await servesInterface(client, 'wallet', targets.wallet);

  if (targets.trading) {
    for (const [flag, key] of [['--trading-key', keys.trading?.key], ['--trading-read-key', keys.trading?.readKey]] as const) {
      if (key === undefined) continue;
      const ex = await client.send(requestFor('getAccount', { key }));
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
      if (ex.status < 200 || ex.status > 299) throw new PreflightError('key-rejected', `--wallet-key was rejected: ${answer(ex)}`);
    }
  }
}
