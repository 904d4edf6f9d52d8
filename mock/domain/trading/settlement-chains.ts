// The one chain on which trading settles each currency (decision trading.balance-meaning).
//
// Entries on other chains are held and listed but never debited or credited by trading.

export const SETTLEMENT_CHAINS: Readonly<Record<string, string>> = {
  BTC: 'bitcoin',
  ETH: 'ethereum',
  USDT: 'tron',
  SOL: 'solana',
  TRX: 'tron',
  BNB: 'bsc',
  XRP: 'ripple',
  DOGE: 'dogecoin',
  LTC: 'litecoin',
};

export function settlementChain(currency: string): string | undefined {
  return Object.hasOwn(SETTLEMENT_CHAINS, currency) ? SETTLEMENT_CHAINS[currency] : undefined;
}
