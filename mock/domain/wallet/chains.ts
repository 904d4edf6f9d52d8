// The fixed chain table of the wallet fake (decision wallet.chains) and the address family of each.

/** Chains whose addresses share one format: the three EVM chains use the same 0x form. */
export type AddressFamily = 'evm' | 'bitcoin' | 'tron' | 'solana';

export interface Chain {
  id: number;
  name: string;
  /** The `chain` value everywhere else in the interface (seed wallet §2, Chain.slug). */
  slug: string;
  /** Native coin symbol (seed wallet §2, Chain.symbol); also the price book symbol for usd_value. */
  symbol: string;
  family: AddressFamily;
}

// Decision wallet.chains: "1 Ethereum ethereum ETH, 2 Bitcoin bitcoin BTC, 3 Tron tron TRX,
// 4 BNB Smart Chain bsc BNB, 5 Solana solana SOL, 6 Polygon polygon POL".
export const CHAINS: readonly Chain[] = Object.freeze([
  { id: 1, name: 'Ethereum', slug: 'ethereum', symbol: 'ETH', family: 'evm' },
  { id: 2, name: 'Bitcoin', slug: 'bitcoin', symbol: 'BTC', family: 'bitcoin' },
  { id: 3, name: 'Tron', slug: 'tron', symbol: 'TRX', family: 'tron' },
  { id: 4, name: 'BNB Smart Chain', slug: 'bsc', symbol: 'BNB', family: 'evm' },
  { id: 5, name: 'Solana', slug: 'solana', symbol: 'SOL', family: 'solana' },
  { id: 6, name: 'Polygon', slug: 'polygon', symbol: 'POL', family: 'evm' },
] satisfies Chain[]);

const bySlug = new Map(CHAINS.map((c) => [c.slug, c]));

/** Exact, case-sensitive slug match: slugs are identifiers (pattern ^[a-z0-9-]+$), not names. */
export function chainBySlug(slug: string): Chain | undefined {
  return bySlug.get(slug);
}
