// Per-chain address formats: real addresses accepted, other chains' formats rejected, generated ones valid.

import { describe, expect, it } from 'vitest';
import { createRng } from '../../../mock/domain/rng.js';
import {
  CHAINS,
  generateAddress,
  generateTxHash,
  isTxHashOf,
  isValidAddress,
  normalizeAddress,
  toChecksumAddress,
} from '../../../mock/domain/wallet/index.js';

// EIP-55's own test vectors (all mixed case), plus its all-caps and all-lower examples.
const EIP55_VECTORS = [
  '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
  '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
  '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB',
  '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb',
];
const EVM_UNCHECKSUMMED = ['0x52908400098527886E0F7030069857D2E4169EE7', '0xde709f2102306220921060314715629080e2fb77'];
// Real mainnet addresses.
const BITCOIN = {
  p2wpkh: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4', // BIP-173 example
  p2wpkhUpper: 'BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4',
  p2wsh: 'bc1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3qccfmv3', // BIP-173 example
  taproot: 'bc1p5d7rjq7g6rdk2yhzks9smlaqtedr4dekq08ge8ztwac72sfr9rusxg3297', // BIP-86 example
  legacy: '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa', // the genesis block's coinbase address
  p2sh: '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy',
};
const TRON = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t'; // USDT (TRC-20) contract
const SOLANA = ['EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v', '11111111111111111111111111111111']; // USDC mint, System Program

describe('EVM addresses (ethereum, bsc, polygon)', () => {
  it.each(EIP55_VECTORS)('checksums %s as EIP-55 does', (address) => {
    expect(toChecksumAddress(address.toLowerCase())).toBe(address);
  });

  it.each(['ethereum', 'bsc', 'polygon'])('on %s accepts the EIP-55 vectors, all-lower and all-caps', (slug) => {
    for (const a of [...EIP55_VECTORS, ...EVM_UNCHECKSUMMED]) expect(isValidAddress('evm', a), a).toBe(true);
    expect(CHAINS.find((c) => c.slug === slug)?.family).toBe('evm');
  });

  it('rejects a mixed-case address whose checksum is wrong', () => {
    const good = EIP55_VECTORS[0] as string;
    const flipped = good.slice(0, 3) + (good[3] === 'a' ? 'A' : 'a') + good.slice(4); // 0x5a… → 0x5A…
    expect(flipped).not.toBe(good);
    expect(isValidAddress('evm', flipped)).toBe(false);
  });

  it('rejects wrong lengths, non-hex and the other chains', () => {
    for (const bad of ['0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAe', '5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', '0xZZAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', BITCOIN.p2wpkh, TRON, ...SOLANA]) {
      expect(isValidAddress('evm', bad), bad).toBe(false);
    }
  });
});

describe('bitcoin addresses', () => {
  it.each(Object.entries(BITCOIN))('accepts a real %s address', (_kind, address) => {
    expect(isValidAddress('bitcoin', address)).toBe(true);
  });

  it('rejects a broken checksum, mixed case, testnet and the other chains', () => {
    const broken = BITCOIN.p2wpkh.slice(0, -1) + (BITCOIN.p2wpkh.endsWith('4') ? '5' : '4');
    const mixed = 'bc1qW508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4';
    const testnet = 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx';
    for (const bad of [broken, mixed, testnet, EVM_UNCHECKSUMMED[1] as string, TRON, ...SOLANA]) {
      expect(isValidAddress('bitcoin', bad), bad).toBe(false);
    }
  });
});

describe('tron addresses', () => {
  it('accepts a real T… address', () => {
    expect(isValidAddress('tron', TRON)).toBe(true);
  });

  it('rejects a broken checksum and the other chains', () => {
    const broken = TRON.slice(0, -1) + (TRON.endsWith('t') ? 'u' : 't');
    for (const bad of [broken, BITCOIN.legacy, BITCOIN.p2wpkh, EIP55_VECTORS[0] as string, ...SOLANA]) {
      expect(isValidAddress('tron', bad), bad).toBe(false);
    }
  });
});

describe('solana addresses', () => {
  it.each(SOLANA)('accepts the real address %s', (address) => {
    expect(isValidAddress('solana', address)).toBe(true);
  });

  it('rejects base58 strings of the wrong length and the other chains', () => {
    for (const bad of [TRON, BITCOIN.legacy, BITCOIN.p2wpkh, EIP55_VECTORS[0] as string, 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyT', 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1vEPjFWdd5', '0OIl']) {
      expect(isValidAddress('solana', bad), bad).toBe(false);
    }
  });
});

describe('generated addresses and hashes', () => {
  it.each(CHAINS.map((c) => [c.slug, c] as const))('%s: 50 generated addresses are valid there and nowhere else', (_slug, chain) => {
    const rng = createRng(7).fork(chain.slug);
    const others = (['evm', 'bitcoin', 'tron', 'solana'] as const).filter((f) => f !== chain.family);
    for (let i = 0; i < 50; i++) {
      const address = generateAddress(chain.family, rng);
      expect(isValidAddress(chain.family, address), address).toBe(true);
      for (const family of others) expect(isValidAddress(family, address), `${address} as ${family}`).toBe(false);
    }
  });

  it('generates the documented shapes: EIP-55 0x…, bc1q…, T…, 32-byte base58', () => {
    const rng = createRng(3);
    expect(generateAddress('evm', rng)).toMatch(/^0x[0-9a-fA-F]{40}$/);
    expect(generateAddress('bitcoin', rng)).toMatch(/^bc1q[02-9ac-hj-np-z]{38}$/);
    expect(generateAddress('tron', rng)).toMatch(/^T[1-9A-HJ-NP-Za-km-z]{33}$/);
    expect(generateAddress('solana', rng)).toMatch(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/);
    const evm = generateAddress('evm', rng);
    expect(toChecksumAddress(evm)).toBe(evm);
  });

  it('is deterministic from the seed', () => {
    const a = generateAddress('tron', createRng(11));
    expect(generateAddress('tron', createRng(11))).toBe(a);
    expect(generateAddress('tron', createRng(12))).not.toBe(a);
  });

  it.each(['evm', 'bitcoin', 'tron', 'solana'] as const)('%s tx hashes have the chain format', (family) => {
    const rng = createRng(5);
    const hash = generateTxHash(family, rng);
    expect(isTxHashOf(family, hash), hash).toBe(true);
    if (family === 'evm') expect(hash).toMatch(/^0x[0-9a-f]{64}$/);
    if (family === 'bitcoin' || family === 'tron') expect(hash).toMatch(/^[0-9a-f]{64}$/);
    if (family === 'solana') expect(hash).toMatch(/^[1-9A-HJ-NP-Za-km-z]{80,90}$/);
  });

  it('normalizes case-insensitive spellings to one index key', () => {
    expect(normalizeAddress('evm', EIP55_VECTORS[0] as string)).toBe((EIP55_VECTORS[0] as string).toLowerCase());
    expect(normalizeAddress('bitcoin', BITCOIN.p2wpkhUpper)).toBe(BITCOIN.p2wpkh);
    expect(normalizeAddress('tron', TRON)).toBe(TRON);
  });
});
