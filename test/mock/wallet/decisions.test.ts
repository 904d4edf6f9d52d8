// The fixed tables and constants of the wallet fake say what the spec's decisions say.

import { describe, expect, it } from 'vitest';
import { decision } from '../../../spec/index.js';
import { CHAINS, CONFIRMATION_DELAY_MS, DEFAULT_WALLET_RATE_LIMIT, TOKENS } from '../../../mock/domain/wallet/index.js';

describe('wallet decisions', () => {
  it('wallet.chains lists exactly the chain table', () => {
    const listed = CHAINS.map((c) => `${c.id} ${c.name} ${c.slug} ${c.symbol}`).join(', ');
    expect(decision('wallet.chains').summary).toBe(`Chains: ${listed}.`);
  });

  it('wallet.tokens lists exactly the token table', () => {
    expect(decision('wallet.tokens').summary).toContain(TOKENS.map((t) => `${t.id} ${t.symbol} ${t.chain}`).join(', '));
  });

  it('wallet.send-semantics and wallet.rate-limit-scope give the constants', () => {
    expect(decision('wallet.send-semantics').summary).toContain(`${CONFIRMATION_DELAY_MS / 1000} virtual seconds`);
    expect(decision('wallet.rate-limit-scope').summary).toContain(`${DEFAULT_WALLET_RATE_LIMIT} requests per minute`);
  });
});
