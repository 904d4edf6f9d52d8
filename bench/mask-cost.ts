// What masking costs with many secrets seen: a proxy in front of many clients learns a key per
// client, and masks every exchange with all of them (conformance/report/secrets.ts). The same
// exchange text (a keyed request and a 50-row answer, ~4 kB) masked with 1 secret seen, and with
// 100,000 (distinct keys sharing their beginning, `key-000001`…, the hard case for a trie), in
// alternating rounds of the same run; the goal is the ratio of the medians, at most 1.5. Also the
// cost of learning: adding the 100,000 keys, per key. Runnable alone, after
// `tsc -p bench/tsconfig.json`: `node dist/bench-build/bench/mask-cost.js` (`npm run bench:mask`);
// prints a table and one JSON line (MaskCostResult).
import { pathToFileURL } from 'node:url';
import { Secrets } from '../conformance/report/secrets.js';

export interface MaskCostResult {
  secrets: number;
  textChars: number;
  oneSecretUsPerMask: number;
  manySecretsUsPerMask: number;
  ratio: number;
  addUsPerSecret: number;
  goal: number;
  met: boolean;
}

const MANY = Number(process.env.BENCH_MASK_SECRETS ?? 100_000);
const ROUNDS = 7;
const MASKS = 2_000;
const GOAL = 1.5;

const keyOf = (i: number): string => `key-${String(i).padStart(6, '0')}`;

function secretsWith(count: number): Secrets {
  const secrets = new Secrets(false);
  for (let i = 1; i <= count; i++) secrets.add(keyOf(i), 'DOPPEL_TRADING_KEY', 'API-KEY seen in the traffic');
  return secrets;
}

/** Microseconds per mask() of `text`, over MASKS calls. */
function round(secrets: Secrets, text: string): number {
  let sink = 0;
  const start = process.hrtime.bigint();
  for (let i = 0; i < MASKS; i++) sink += secrets.mask(text).length;
  const us = Number(process.hrtime.bigint() - start) / 1_000 / MASKS;
  if (sink === 0) throw new Error('nothing masked');
  return us;
}

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;

export function measureMaskCost(): MaskCostResult {
  const text = JSON.stringify({
    request: { method: 'GET', url: 'http://127.0.0.1:4110/api/v1/orders?limit=50', headers: { 'api-key': keyOf(1), accept: 'application/json' } },
    answer: { success: true, data: Array.from({ length: 50 }, (_, i) => ({ orderId: `ord-${i}`, symbol: 'BTCUSDT', side: 'buy', price: '42000.50', quantity: '0.0100', status: 'open' })) },
  });
  const one = secretsWith(1);
  const addStart = process.hrtime.bigint();
  const many = secretsWith(MANY);
  const addUsPerSecret = Number(process.hrtime.bigint() - addStart) / 1_000 / MANY;
  if (many.mask(text) !== one.mask(text)) throw new Error('masking differs with more secrets seen');
  const ones: number[] = [];
  const manys: number[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    ones.push(round(one, text));
    manys.push(round(many, text));
  }
  const oneUs = median(ones);
  const manyUs = median(manys);
  const ratio = manyUs / oneUs;
  return { secrets: MANY, textChars: text.length, oneSecretUsPerMask: oneUs, manySecretsUsPerMask: manyUs, ratio, addUsPerSecret, goal: GOAL, met: ratio <= GOAL };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const r = measureMaskCost();
  console.error(`| secrets seen | µs per mask of ${r.textChars} chars |\n|---|---|\n| 1 | ${r.oneSecretUsPerMask.toFixed(1)} |\n| ${r.secrets.toLocaleString('en')} | ${r.manySecretsUsPerMask.toFixed(1)} |\n\nratio ${r.ratio.toFixed(2)} (goal ≤ ${r.goal}: ${r.met ? 'met' : 'missed'}); learning a secret: ${r.addUsPerSecret.toFixed(2)} µs`);
  console.log(JSON.stringify(r));
  if (!r.met) process.exitCode = 1;
}
