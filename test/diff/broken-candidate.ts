// What the diff CLI and HTML tests share: a recording by doppel proxy of two keyed trading reads
// (the account, its balances), and a primary and a candidate doppel mock of one seed, the candidate
// behind a layer that gives the account another name (the test's: markup, control characters) and
// the balances 7 digits (a seed breakage: balance-decimals).
import { join } from 'node:path';
import { startMock, type RunningMock } from '../../mock/index.js';
import { startProxy } from '../../proxy/index.js';
import { editJson, pathOf, startProxy as startLayer, type RunningProxy } from '../conformance/broken-proxy.js';
import { send } from '../proxy/traffic-client.js';

const MOCK = { host: '127.0.0.1', tradingPort: 0, walletPort: 0, seed: 5, clock: 'manual' as const, quiet: true };

export interface BrokenCandidate {
  har: string;
  primary: RunningMock;
  /** The candidate's trading URL: the layer in front of its mock. */
  candidate: string;
  close(): Promise<void>;
}

/** `account` edits the candidate's account record; the API-KEY sent is its second argument. */
export async function brokenCandidate(dir: string, account: (data: Record<string, unknown>, key: string | undefined) => void): Promise<BrokenCandidate> {
  const har = join(dir, 'traffic.har');
  const recorded = await startMock(MOCK);
  const proxy = await startProxy({ targets: { trading: recorded.trading.url }, ports: { trading: 0 }, har });
  for (const path of ['/api/v1/account', '/api/v1/account/balances']) await send(proxy.listening.trading!.url, 'GET', path, { 'api-key': 'demo-trade-key' });
  await proxy.close();
  await recorded.close();
  const [primary, candidate] = [await startMock(MOCK), await startMock(MOCK)];
  const layer: RunningProxy = await startLayer(candidate.trading.url, {
    response: (req, res) => {
      if (pathOf(req) === '/api/v1/account') return editJson(res, (b) => void account(b.data, req.headers['api-key']));
      if (pathOf(req) === '/api/v1/account/balances') return editJson(res, (b) => b.data.forEach((e: { balance: string }) => (e.balance = e.balance.slice(0, -1))));
      return res;
    },
  });
  return {
    har,
    primary,
    candidate: layer.url,
    async close() {
      await layer.close();
      await primary.close();
      await candidate.close();
    },
  };
}
