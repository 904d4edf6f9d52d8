// The keys each side is called with, as doppel check takes them (--trading-key, --trading-read-key,
// --wallet-key, repeated), with the candidate's own where it has other ones. A recording masks
// the keys it saw (`$DOPPEL_TRADING_KEY`, `$DOPPEL_TRADING_KEY_2`, `$DOPPEL_WALLET_KEY`, …,
// conformance/report/learn-secrets.ts): each mask stands for the key of its kind, in order.

import { Secrets } from '../conformance/index.js';

export interface SideKeys {
  /** `--trading-key` then `--trading-read-key`, in the order a recording numbers the keys of a kind (undefined: not given). */
  trading: readonly (string | undefined)[];
  /** `--trading-ip-locked-key`: a key whose whitelist excludes the caller (trading §5.6). */
  tradingIpLocked?: string | undefined;
  wallet: readonly string[];
}

export function sideKeys(tradingKey: string | undefined, tradingReadKey: string | undefined, walletKeys: readonly string[] | undefined, tradingIpLocked?: string | undefined): SideKeys {
  return { trading: [tradingKey, tradingReadKey], ...(tradingIpLocked !== undefined ? { tradingIpLocked } : {}), wallet: walletKeys ?? [] };
}

/** A key's mask; several recordings read as one name each file's apart (`$DOPPEL_HAR2_TRADING_KEY`). */
const MASK = /^\$DOPPEL_(?:HAR\d+_)?(TRADING|WALLET)_(READ_|IP_LOCKED_)?KEY(?:_(\d+))?$/;

/** The key a masked value stands for on this side, or undefined when it is no key's mask (or the side has no key of its kind there). */
export function keyForMask(value: string, keys: SideKeys): string | undefined {
  const m = MASK.exec(value);
  if (!m) return undefined;
  if (m[2] === 'IP_LOCKED_') return keys.tradingIpLocked;
  const kind = m[1] === 'TRADING' ? keys.trading : keys.wallet;
  // doppel check names the read key itself; a proxy numbers a kind's keys as it meets them.
  const index = m[2] ? 1 : Number(m[3] ?? 1) - 1;
  return kind[index];
}

/** The keys of both sides, masked by kind in every output unless shown. */
export function keySecrets(keys: Readonly<Record<'primary' | 'candidate', SideKeys>>, show: boolean): Secrets {
  const secrets = new Secrets(show);
  for (const side of Object.values(keys)) {
    side.trading.forEach((k) => secrets.add(k, 'DOPPEL_TRADING_KEY', '--trading-key'));
    secrets.add(side.tradingIpLocked, 'DOPPEL_TRADING_IP_LOCKED_KEY', '--trading-ip-locked-key');
    side.wallet.forEach((k) => secrets.add(k, 'DOPPEL_WALLET_KEY', '--wallet-key'));
  }
  return secrets;
}
