// The fixed token table (decision wallet.tokens): token management has no endpoints.

export interface Token {
  id: number;
  /** Chain slug the token lives on; a token_id on another chain's wallet is a 400. */
  chain: string;
  symbol: string;
  /** The token's real contract / mint address on that chain, for realism in the state dump. */
  contract: string;
}

// Decision wallet.tokens: "1 USDT ethereum, 2 USDC ethereum, 3 USDT tron, 4 USDT bsc,
// 5 USDC solana, 6 USDT polygon".
export const TOKENS: readonly Token[] = Object.freeze([
  { id: 1, chain: 'ethereum', symbol: 'USDT', contract: '0xdAC17F958D2ee523a2206206994597C13D831ec7' },
  { id: 2, chain: 'ethereum', symbol: 'USDC', contract: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48' },
  { id: 3, chain: 'tron', symbol: 'USDT', contract: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t' },
  { id: 4, chain: 'bsc', symbol: 'USDT', contract: '0x55d398326f99059fF775485246999027B3197955' },
  { id: 5, chain: 'solana', symbol: 'USDC', contract: 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v' },
  { id: 6, chain: 'polygon', symbol: 'USDT', contract: '0xc2132D05D31c914a87C6611C10748AEb04B58e8F' },
] satisfies Token[]);

const byId = new Map(TOKENS.map((t) => [t.id, t]));

export function tokenById(id: number): Token | undefined {
  return byId.get(id);
}

/** Tokens of one chain in id order: the `tokens` list of a wallet on that chain. */
export function tokensOnChain(slug: string): Token[] {
  return TOKENS.filter((t) => t.chain === slug);
}
