// The judge reads traffic it did not send (doppel proxy, --from-har): a request body that is not
// JSON, which a client may send and a target may still accept, is a fact to read loosely, never a
// reason for the judge to throw; an answer's bytes are recorded and read back as they came.
import { describe, expect, it } from 'vitest';
import { recordExchange } from '../../conformance/exchange/exchange.js';
import { harEntryOf, readHar } from '../../conformance/traffic/har.js';
import { judgeRecording } from '../../conformance/traffic/judge-recording.js';

const entry = (method: string, path: string, body: string | undefined, status: number, answer: unknown) => ({
  startedDateTime: '2026-01-01T00:00:00.000Z',
  time: 1,
  request: { method, url: `http://127.0.0.1:4010${path}`, headers: [{ name: 'API-KEY', value: 'k-1' }, { name: 'Content-Type', value: 'application/json' }], ...(body === undefined ? {} : { postData: { mimeType: 'application/json', text: body } }) },
  response: { status, headers: [{ name: 'Content-Type', value: 'application/json' }, { name: 'Date', value: 'Thu, 01 Jan 2026 00:00:00 GMT' }], content: { size: 0, mimeType: 'application/json', text: JSON.stringify(answer) } },
});

describe('the judge, on requests it did not send', () => {
  it('judges an accepted order placement whose request body is not JSON without throwing', () => {
    const order = { id: 7, type: 'spot', market: 'BTC/USDT', side: 'buy', order_type: 'market', amount: '0.01000000', status: 'filled' };
    const har = { log: { version: '1.2', creator: { name: 'test', version: '1' }, entries: [entry('POST', '/api/v1/spot/order', 'side=buy&amount=0.01', 200, { success: true, data: order })] } };
    const report = judgeRecording(har, { file: 'inline.har', origins: { trading: 'http://127.0.0.1:4010' } });
    expect(report.traffic?.exchanges).toBe(1);
    expect(report.checks.find((c) => c.id === 'order-in-listing')).toBeDefined();
  });

  it('reads back a recorded answer that was cut off as the same exchange, its reason and byte count included', () => {
    const cutOff = "the target's connection ended early (other side closed)";
    const ex = recordExchange({ seq: 1, iface: 'trading', method: 'GET', url: 'http://127.0.0.1:4010/api/v1/prices', requestHeaders: {}, requestBody: undefined, status: 200, responseHeaders: { 'content-type': 'application/json' }, body: '{"success":tr', startedAt: 1_767_225_600_000, endedAt: 1_767_225_600_005, cutOff });
    const har = { log: { version: '1.2', creator: { name: 'test', version: '1' }, entries: [harEntryOf(ex, (t) => t)] } };
    const [back] = readHar(JSON.parse(JSON.stringify(har))).exchanges;
    expect(back?.jsonError).toBe(ex.jsonError);
    expect(ex.jsonError).toBe(`the answer ended after 13 bytes: ${cutOff}`);
  });

  it('records an answer\'s bytes and header lines in HAR as they came: UTF-8 as text (a byte-order mark kept), other bytes as base64, masked, read back the same', () => {
    const answer = (body: Buffer) => recordExchange({ seq: 1, iface: 'wallet', method: 'POST', url: 'http://127.0.0.1:4020/api/v1/login', requestHeaders: {}, requestBody: undefined, status: 200, responseHeaders: { 'content-type': 'application/json' }, body, startedAt: 1_767_225_600_000, endedAt: 1_767_225_600_005 });
    const mask = (t: string) => t.replaceAll('wt_secret', '$DOPPEL_LOGIN_TOKEN');
    const bom = Buffer.from('\uFEFF{"token":"wt_secret","user":{"name":"Zoé"}}');
    const latin1 = Buffer.from('{"token":"wt_secret","user":{"name":"Zoé"}}', 'latin1');
    const entries = [harEntryOf(answer(bom), mask), harEntryOf(answer(latin1), mask)];
    expect(entries.map((e) => e.response.content.encoding)).toEqual([undefined, 'base64']);
    expect(entries[0]?.response.content.text).toBe('\uFEFF{"token":"$DOPPEL_LOGIN_TOKEN","user":{"name":"Zoé"}}');
    const back = readHar(JSON.parse(JSON.stringify({ log: { version: '1.2', creator: { name: 'doppel', version: '1' }, entries } }))).exchanges;
    expect(back.map((ex) => Buffer.from(ex.bodyBytes).toString('latin1'))).toEqual([bom, latin1].map((b) => b.toString('latin1').replace('wt_secret', '$DOPPEL_LOGIN_TOKEN')));
    // The text the other checks read: the mark dropped, the byte that is not UTF-8 as U+FFFD.
    expect(back.map((ex) => ex.bodyText)).toEqual(['{"token":"$DOPPEL_LOGIN_TOKEN","user":{"name":"Zoé"}}', '{"token":"$DOPPEL_LOGIN_TOKEN","user":{"name":"Zo\uFFFD"}}']);
    expect(back.map((ex) => ex.receivedBytes)).toEqual([bom.length, latin1.length]);
    // A repeated header reads back repeated, line by line.
    const twice = recordExchange({ seq: 1, iface: 'wallet', method: 'GET', url: 'http://127.0.0.1:4020/api/v1/chains', requestHeaders: {}, requestBody: undefined, status: 200, responseHeaders: { 'content-type': ['application/json', 'text/html'] }, body: '{}', startedAt: 1_767_225_600_000, endedAt: 1_767_225_600_005 });
    const [again] = readHar({ log: { version: '1.2', creator: { name: 'doppel', version: '1' }, entries: [harEntryOf(twice, mask)] } }).exchanges;
    expect(again?.responseHeaderLines).toEqual([['content-type', 'application/json'], ['content-type', 'text/html']]);
  });
});
