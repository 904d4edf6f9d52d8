// A judge on a worker thread that cannot start (or stops): said once, and what it would have
// judged from then on is counted as not judged, never lost silently; the report still comes.
import { expect, it } from 'vitest';
import { recordExchange } from '../../conformance/exchange/exchange.js';
import { TrafficSession } from '../../conformance/traffic/traffic-session.js';
import { startJudgePool } from '../../proxy/judge-pool.js';

it('a judge that cannot start is said once, and its exchanges are counted as not judged', async () => {
  const notes: string[] = [];
  const pool = startJudgePool({ judges: 1, script: new URL('data:text/javascript,throw new Error("no judge here")'), note: (l) => notes.push(l) });
  const session = new TrafficSession({ targets: { trading: 'http://127.0.0.1:9' }, source: 'proxy', from: 'test', judging: (context) => pool.judging(context) });
  while (!notes.some((l) => l.includes('a judge stopped'))) await new Promise((r) => setTimeout(r, 10));
  for (let seq = 1; seq <= 3; seq++) {
    session.see(recordExchange({ seq, iface: 'trading', method: 'GET', url: 'http://127.0.0.1:9/api/v1/prices', requestHeaders: {}, requestBody: undefined, status: 200, responseHeaders: { 'content-type': 'application/json' }, body: '{"success":true,"data":{}}', startedAt: seq, endedAt: seq + 1 }));
  }
  const report = session.report(await session.judged());
  await pool.close();
  expect(notes.filter((l) => l.includes('a judge stopped'))).toEqual([expect.stringContaining('no judge here')]);
  expect(report.traffic).toMatchObject({ exchanges: 0, notJudged: { count: 3 } });
});
