// doppel proxy: a reverse proxy for one or both interfaces that forwards every request unchanged
// (method, path, query, headers but those of one hop, body) to the target and answers with the
// target's answer unchanged (status, headers but those of one hop, body bytes as they come), and
// sends no request of its own. Each exchange, once its answer has ended, goes to the judge of
// doppel check (conformance/traffic/traffic-session.ts), in the order they end, with their start and end
// times. What it adds: GET /__doppel/violations, its own; a 502 in the interface's error envelope
// when the target cannot be reached or gives no readable answer, a 504 when it sends no answer head
// within --target-timeout (proxy/target-failure.ts); the limits of proxy/client-limits.ts. What the
// target took is in the HAR, whether or not its client stayed for the answer.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Transform } from 'node:stream';
import { Agent } from 'undici';
import { blamedOnPrevious, overrunOf, watched } from '../conformance/exchange/connection-watch.js';
import { cutOffBy, epochNow, recordExchange } from '../conformance/exchange/exchange.js';
import { harEntryOf, type EntryExtras } from '../conformance/traffic/har.js';
import { TrafficSession } from '../conformance/traffic/traffic-session.js';
import type { Exchange, InterfaceName, ReportedFailure, RunReport } from '../conformance/types.js';
import { plainText } from '../conformance/report/plain-text.js';
import { withoutApiPath } from '../conformance/run/target-base.js';
import { decodeBody } from './body-decoder.js';
import { DEFAULT_HEADERS_TIMEOUT_MS, DEFAULT_IDLE_TIMEOUT_MS, DEFAULT_MAX_CONNECTIONS, limitClients, serverOptions } from './client-limits.js';
import { HarFile } from './har-file.js';
import { startJudgePool, type JudgePool } from './judge-pool.js';
import { judgeWorkerUrl } from './judge-worker-url.js';
import { targetFailure } from './target-failure.js';
import { answerRecord, endToEnd, recordOf } from './hop-by-hop.js';
import { bindProblem, createLocalGuard, routedPath, type OwnAnswer } from './local-guard.js';

/** Bodies over this are forwarded without being judged (--max-check-bytes). */
export const DEFAULT_MAX_CHECK_BYTES = 5 * 1024 * 1024;
/** How long the target may take to send an answer's head (--target-timeout), and to accept a connection. */
export const DEFAULT_TARGET_TIMEOUT_MS = 30_000;
export const DEFAULT_PORTS: Readonly<Record<InterfaceName, number>> = { trading: 4110, wallet: 4120 };
export const VIOLATIONS_PATH = '/__doppel/violations';
/** POST here (Content-Type: application/json) to say the target was reset around the proxy: the judge forgets what it said before. */
export const TARGET_RESET_PATH = '/__doppel/target-reset';

export interface ProxyOptions {
  /** The deployment each interface forwards to (its base URL, without /api/v1). */
  targets: Partial<Record<InterfaceName, string>>;
  /** Default 4110 (trading) and 4120 (wallet); 0 picks a free one. */
  ports?: Partial<Record<InterfaceName, number>> | undefined;
  host?: string | undefined;
  strict?: boolean | undefined;
  /** A deployment profile (parsed JSON): decision assertions compare with its values. */
  profile?: unknown;
  profileName?: string | undefined;
  showSecrets?: boolean | undefined;
  maxCheckBytes?: number | undefined;
  /** Write the traffic as HAR 1.2 to this file. */
  har?: string | undefined;
  /** Judges on worker threads beside the forwarding path (judge-pool.ts); 0 (the default): judged on this thread as each exchange ends. */
  judges?: number | undefined;
  /** Bytes of exchanges waiting for the judges at most (default DEFAULT_JUDGE_QUEUE_BYTES); past it an exchange is not judged (counted). */
  judgeQueueBytes?: number | undefined;
  /** Forward and record (needs `har`), judge nothing: doppel check --from-har judges the recording later. */
  recordOnly?: boolean | undefined;
  /** The HAR's creator version. */
  version?: string | undefined;
  /** Told of each new violation or observation, masked, as it is found. */
  onFailure?: ((failure: ReportedFailure) => void) | undefined;
  /** Told of what a person should know at once (a request it could not handle), one masked line each. */
  onNote?: ((line: string) => void) | undefined;
  /** Host names besides this machine's that requests may name while bound to loopback (--allowed-host, normalized). */
  allowedHosts?: readonly string[] | undefined;
  /** Required off loopback; then the target's admin API and the proxy's own routes need `Authorization: Bearer <token>`. */
  adminToken?: string | undefined;
  /** Origins (or `loopback`) whose pages may read the proxy's own routes (--admin-cors-origin); none by default. */
  adminCors?: readonly string[] | undefined;
  /** Client connections open at once, per interface (--max-connections); over it a new one is answered 503 and closed. */
  maxConnections?: number | undefined;
  /** A client's request head must come whole within this (default 10 s). */
  headersTimeoutMs?: number | undefined;
  /** A kept-alive client connection idle this long is closed (default 5 s). */
  idleTimeoutMs?: number | undefined;
  /** The target must send an answer's head within this (--target-timeout, default 30 s): else 504. */
  targetTimeoutMs?: number | undefined;
}

export interface RunningProxy {
  /** Each watched interface's address (http://host:port) and target. */
  listening: Partial<Record<InterfaceName, { url: string; target: string }>>;
  session: TrafficSession;
  /** Requests forwarded whose answer has not ended (or been given up). */
  pending(): number;
  /** Stops listening, lets the requests under way end (at most `graceMs`, then at most 1.2 s for answer heads the target owes to clients gone), closes the HAR; the session's report. */
  close(graceMs?: number): Promise<RunReport>;
}

const ENVELOPE_TYPE = 'application/json';

/** Collects what passes through, up to the cap; past it only counts. */
class Tap {
  readonly chunks: Buffer[] = [];
  bytes = 0;
  constructor(private readonly cap: number) {}
  take(chunk: Buffer): void {
    this.bytes += chunk.length;
    if (this.bytes <= this.cap) this.chunks.push(chunk);
  }
  get over(): boolean {
    return this.bytes > this.cap;
  }
  text(): string {
    return this.body().toString('utf8');
  }
  body(): Buffer {
    return Buffer.concat(this.chunks);
  }
}

export async function startProxy(options: ProxyOptions): Promise<RunningProxy> {
  const notes: string[] = [];
  const given = options.targets;
  const targetsOf: Partial<Record<InterfaceName, string>> = {};
  for (const i of Object.keys(given) as InterfaceName[]) {
    if (given[i] === undefined) continue;
    const { url, line } = withoutApiPath(given[i] as string, `--${i}-target`, 'doppel proxy');
    targetsOf[i] = url;
    if (line) notes.push(line);
  }
  options = { ...options, targets: targetsOf };
  const ifaces = (Object.keys(options.targets) as InterfaceName[]).filter((i) => options.targets[i] !== undefined);
  if (ifaces.length === 0) throw new Error('doppel proxy needs a target: --trading-target or --wallet-target');
  const cap = options.maxCheckBytes ?? DEFAULT_MAX_CHECK_BYTES;
  const host = options.host ?? '127.0.0.1';
  const bind = bindProblem({ host, adminToken: options.adminToken });
  if (bind) throw new Error(bind);
  const guard = createLocalGuard({ host, allowedHosts: options.allowedHosts, adminToken: options.adminToken, adminCors: options.adminCors });
  if (options.recordOnly && !options.har) throw new Error('doppel proxy --record-only needs --har FILE: the recording is what is judged later (doppel check --from-har FILE)');
  const script = options.recordOnly ? undefined : await judgeScript(options);
  let pool: JudgePool | undefined;
  const note = (line: string): void => options.onNote?.(plainText(live.secrets.mask(line)));
  const live = new TrafficSession({
    targets: Object.fromEntries(ifaces.map((i) => [i, options.targets[i] as string])),
    source: 'proxy',
    from: '(starting)',
    strict: options.strict,
    profile: options.profile,
    profileName: options.profileName,
    showSecrets: options.showSecrets,
    maxCheckBytes: cap,
    onFailure: options.onFailure,
    onWarning: (line) => note(`doppel proxy: ${line}`),
    // Started once the session has read the profile (an invalid one leaves no worker behind); its
    // lines may quote the target's data: masked with what the session learned.
    judging: script && ((context) => (pool = startJudgePool({ judges: options.judges ?? 0, script, queueBytes: options.judgeQueueBytes, note })).judging(context)),
    recordOnly: options.recordOnly,
  });
  for (const line of notes) note(line);
  const targetTimeoutMs = options.targetTimeoutMs ?? DEFAULT_TARGET_TIMEOUT_MS;
  const limits = { maxConnections: options.maxConnections ?? DEFAULT_MAX_CONNECTIONS, headersTimeoutMs: options.headersTimeoutMs ?? DEFAULT_HEADERS_TIMEOUT_MS, idleTimeoutMs: options.idleTimeoutMs ?? DEFAULT_IDLE_TIMEOUT_MS };
  // The body may take as long as the target streams it: only the head is timed.
  const agent = new Agent({ headersTimeout: targetTimeoutMs, bodyTimeout: 0, connect: { timeout: targetTimeoutMs } });
  const har = options.har ? await opened(() => new HarFile(options.har as string, options.version ?? 'unknown'), () => pool?.close()) : undefined;
  const underway = new Set<AbortController>();
  const servers: Server[] = [];
  const listening: RunningProxy['listening'] = {};
  const record = (ex: Exchange, extras: EntryExtras = {}): void => har?.add(harEntryOf(ex, (t, header) => live.secrets.mask(t, header), extras));

  for (const iface of ifaces) {
    const target = new URL(options.targets[iface] as string);
    const prefix = target.pathname.replace(/\/$/, '');
    const server = createServer(serverOptions(limits), (req, res) => {
      if (overCap(req.socket)) return void req.resume();
      const abort = new AbortController();
      underway.add(abort);
      // Whatever goes wrong with one exchange ends that exchange only.
      forward(iface, target, prefix, req, res, abort)
        .catch((error: unknown) => {
          note(`doppel proxy: ${req.method ?? '?'} ${(req.url ?? '').slice(0, 200)}: not forwarded whole (${(error as Error)?.message ?? String(error)})`);
          if (!res.headersSent) own(res, req.method ?? 'GET', proxyError(`the proxy could not handle this exchange (${(error as Error)?.message ?? String(error)})`));
          else res.destroy();
        })
        .finally(() => underway.delete(abort));
    });
    const overCap = limitClients(server, limits, (line) => live.seeRefused(line));
    servers.push(server);
  }

  async function forward(iface: InterfaceName, target: URL, prefix: string, req: IncomingMessage, res: ServerResponse, abort: AbortController): Promise<void> {
    const startedAt = epochNow();
    const raw = req.url ?? '/';
    const method = req.method ?? 'GET';
    const refusedHost = guard.host(req.headers.host);
    if (refusedHost) return refuse(res, method, refusedHost, `${method} ${raw.slice(0, 200)}: Host ${JSON.stringify(req.headers.host)} is not a name of this machine (403)`);
    // Only origin-form (RFC 9112 §3.2.1) names a path of the target: `*` (OPTIONS *), absolute-form
    // (a client that takes this for a forward proxy) and authority-form are refused, not guessed at.
    const url = raw.startsWith('/') ? parsedUrl(`${target.origin}${prefix}${raw}`) : undefined;
    if (url === undefined) {
      const why = `the request target ${JSON.stringify(raw.slice(0, 200))} is not a path: doppel proxy forwards origin-form requests only (/path?query)`;
      return refuse(res, method, malformed(why), `${method} ${raw.slice(0, 200)}: ${why} (400)`);
    }
    const path = routedPath(url.pathname.slice(prefix.length) || '/');
    if (path === VIOLATIONS_PATH) return violations(req, res, method);
    if (path === TARGET_RESET_PATH) return targetReset(req, res, method);
    const refusedAdmin = guard.admin(req.headers, method, url.pathname.slice(prefix.length) || '/', false);
    if (refusedAdmin) return refuse(res, method, refusedAdmin, `${method} ${url.pathname}: the admin API needs the admin token (401)`);
    const requestHeaders = endToEnd(req.rawHeaders, true);
    const sent = new Tap(cap);
    const hasBody = req.headers['content-length'] !== undefined ? req.headers['content-length'] !== '0' : req.headers['transfer-encoding'] !== undefined;
    let ended = false;
    let clientGone = false;
    // A client that goes away mid-request: the upstream request is given up too (the target cannot
    // have run what it did not get whole). One that goes away after its whole request is the
    // target's still: its answer head is awaited and recorded, then given up.
    let headCame = false;
    res.on('close', () => {
      if (ended) return;
      clientGone = true;
      if (!req.complete || headCame) abort.abort(new Error('the client went away'));
    });
    req.on('error', () => undefined);
    const exchangeOf = (status: number, responseHeaders: Record<string, string | string[]>, body: Buffer | string, more: { cutOff?: string | undefined; overrun?: string | undefined; receivedBytes?: number } = {}): Exchange =>
      recordExchange({
        seq: live.nextSeq(),
        iface,
        method,
        url: url.toString(),
        requestHeaders: recordOf(requestHeaders),
        requestBody: hasBody ? sent.text() : undefined,
        status,
        responseHeaders,
        body,
        startedAt,
        endedAt: epochNow(),
        ...more,
      });

    let upstream: Awaited<ReturnType<Agent['request']>>;
    // Which connection it goes out on: bytes past an answer's Content-Length are that answer's.
    const { result: sending, watch } = watched(`${method} ${url.pathname}`, () =>
      agent.request({
        origin: target.origin,
        path: url.pathname + url.search,
        method: method as 'GET',
        headers: requestHeaders,
        // Streamed through as it comes; a copy up to the cap for the checks. Piped, not pipelined: a
        // target that answers early (413 to an upload) and stops reading must not destroy the
        // client's request, whose rest node then reads and drops while the answer goes out.
        // Each piece a turn of the event loop later: an early answer that came meanwhile is read
        // before the next write, which the target's closed connection refuses (EPIPE).
        body: hasBody ? req.pipe(new Transform({ transform: (chunk: Buffer, _encoding, done) => (sent.take(chunk), setImmediate(done, null, chunk)) })) : undefined,
        signal: abort.signal,
      }),
    );
    try {
      upstream = await sending;
    } catch (error) {
      if (abort.signal.aborted) {
        live.seeAbandoned();
        return;
      }
      ended = true;
      const failure = targetFailure(iface, target.origin, error, watch.socket !== undefined, blamedOnPrevious(watch, error), targetTimeoutMs);
      if (!res.headersSent && !res.destroyed) res.writeHead(failure.status, { 'content-type': ENVELOPE_TYPE, 'content-length': Buffer.byteLength(failure.text) }).end(failure.text);
      const ex = exchangeOf(failure.status, { 'content-type': ENVELOPE_TYPE }, failure.text);
      live.learnSecrets(ex);
      const line = `${method} ${url.pathname}: ${failure.line}`;
      if (failure.kind === 'unreachable') {
        live.seeUnreachable(line);
        record(ex, { unreachable: failure.line });
      } else {
        live.seeTargetFault(line);
        note(`doppel proxy: VIOLATION ${line}`);
        record(ex, { targetFault: failure.line });
      }
      return;
    }

    const headersAt = epochNow();
    headCame = true;
    const rawResponse = responseRaw(upstream.headers);
    res.writeHead(upstream.statusCode, endToEnd(rawResponse, false));
    const got = new Tap(cap);
    let cutOff: string | undefined;
    try {
      for await (const chunk of upstream.body) {
        got.take(chunk as Buffer);
        if (!res.write(chunk)) await drained(res);
        if (abort.signal.aborted || clientGone) break;
      }
    } catch (error) {
      if (!abort.signal.aborted) cutOff = cutOffBy(error);
    }
    if (abort.signal.aborted || clientGone) {
      // The target took it: in the HAR, as far as it came, not judged.
      upstream.body.destroy();
      live.seeAbandoned();
      const why = clientGone ? 'the client went away before the answer ended' : 'the proxy stopped before the answer ended';
      const ex = exchangeOf(upstream.statusCode, answerRecord(rawResponse), got.over ? '' : got.body(), { cutOff: why });
      live.learnSecrets(ex);
      record(ex, { headersAt, abandoned: why });
      return;
    }
    ended = true;
    // The answer ends for the client once its entry is written (an answer framed by the end of its
    // chunks is then in the HAR before the client has it all, even at a kill -9). A cut answer
    // cannot be finished for the client either: its connection ends as the target's did.
    const cutOnTheWire = cutOff !== undefined;
    const finish = (): void => void (cutOnTheWire ? res.destroy() : res.end());
    const length = upstream.headers['content-length'];
    const overrun = overrunOf(watch, typeof length === 'string' ? length : undefined);
    // As received, Content-Length included (the checks compare it with the bytes that came).
    const responseHeaders = answerRecord(rawResponse);
    // A body over the cap (either way), or one that decodes to more than the cap, is not judged.
    let body: Buffer | undefined;
    if (!sent.over && !got.over) {
      const encoding = upstream.headers['content-encoding'];
      const decoded = await decodeBody(got.body(), typeof encoding === 'string' ? encoding : undefined, cap);
      if ('body' in decoded) body = decoded.body;
      else if ('error' in decoded) {
        cutOff ??= `the body does not decode as its content-encoding says (${decoded.error})`;
        body = got.body();
      }
    }
    if (body === undefined) {
      const ex = exchangeOf(upstream.statusCode, responseHeaders, '');
      // The live count and the recording's are the same (check --from-har reads it back).
      const bytes = sent.over ? Math.max(sent.bytes, got.bytes) : got.bytes;
      live.learnSecrets(ex);
      live.seeUnchecked(iface, ex.operationId, ex.status, bytes, ex.url);
      record(ex, { headersAt, unchecked: bytes });
      finish();
      return;
    }
    const ex = exchangeOf(upstream.statusCode, responseHeaders, body, { cutOff, overrun, receivedBytes: got.bytes });
    watch.label = `#${ex.seq} ${method} ${url.pathname}`;
    live.learnSecrets(ex);
    record(ex, { headersAt });
    finish();
    // Judged once the answer is on its way: inline judging (--judges 0, the single executable) is
    // not part of the client's wait.
    try {
      live.see(ex);
    } catch (error) {
      // A fault of the judge is doppel's, not the target's: said, and the exchange still recorded.
      note(`doppel proxy: ${method} ${url.pathname}: the checks could not judge this exchange (${(error as Error)?.message ?? String(error)})`);
    }
  }

  /** An answer of the proxy's own, not the target's: refused before forwarding, counted apart (not judged). */
  function refuse(res: ServerResponse, method: string, answer: OwnAnswer, line: string): void {
    live.seeRefused(line);
    own(res, method, answer);
  }

  /** A harness that reset the target beside the proxy says so: the judge forgets what the target said before. */
  function targetReset(req: IncomingMessage, res: ServerResponse, method: string): void {
    const origin = req.headers.origin;
    if (method === 'OPTIONS') return own(res, method, guard.preflight(origin, ['POST']));
    if (method !== 'POST') {
      const text = JSON.stringify({ success: false, error: `${TARGET_RESET_PATH} answers POST`, code: 'method_not_allowed' });
      return own(res, method, { status: 405, headers: guard.cors(origin, { 'content-type': ENVELOPE_TYPE, allow: 'POST, OPTIONS' }), text });
    }
    const refused = guard.admin(req.headers, method, TARGET_RESET_PATH, true);
    req.resume();
    if (refused) return own(res, method, { ...refused, headers: guard.cors(origin, refused.headers) });
    live.targetReset();
    const text = JSON.stringify({ success: true, data: { forgotten: true, resets: live.resetCount } });
    own(res, method, { status: 200, headers: guard.cors(origin, { 'content-type': ENVELOPE_TYPE, 'cache-control': 'no-store' }), text });
  }

  async function violations(req: IncomingMessage, res: ServerResponse, method: string): Promise<void> {
    const origin = req.headers.origin;
    if (method === 'OPTIONS') return own(res, method, guard.preflight(origin, ['GET']));
    const refused = guard.admin(req.headers, method, VIOLATIONS_PATH, true);
    if (refused) return own(res, method, { ...refused, headers: guard.cors(origin, refused.headers) });
    if (method !== 'GET' && method !== 'HEAD') {
      const text = JSON.stringify({ success: false, error: `${VIOLATIONS_PATH} answers GET`, code: 'method_not_allowed' });
      return own(res, method, { status: 405, headers: guard.cors(origin, { 'content-type': ENVELOPE_TYPE, allow: 'GET, HEAD, OPTIONS' }), text });
    }
    // What every judge found so far (judges on worker threads answer in turn).
    const judged = await live.judged();
    const failures = live.failures(judged);
    const text = JSON.stringify({
      violations: failures.filter((f) => f.severity === 'failure').length,
      observations: failures.filter((f) => f.severity === 'observation').length,
      exchanges: live.summary(judged).exchanges,
      failures: failures.map((f) => ({
        severity: f.severity,
        check: f.checkId,
        assertion: f.assertion,
        kind: f.kind,
        source: f.source,
        iface: f.iface,
        operationId: f.operationId,
        title: f.title,
        message: f.message,
        occurrences: f.occurrences,
        status: f.exchange?.status,
        curl: f.curl,
      })),
    });
    own(res, method, { status: 200, headers: guard.cors(origin, { 'content-type': ENVELOPE_TYPE, 'cache-control': 'no-store' }), text });
  }

  await Promise.all(
    ifaces.map(
      (iface, i) =>
        new Promise<void>((resolve, reject) => {
          const server = servers[i] as Server;
          server.once('error', reject);
          server.listen(options.ports?.[iface] ?? DEFAULT_PORTS[iface], host, () => {
            const { port } = server.address() as AddressInfo;
            listening[iface] = { url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`, target: options.targets[iface] as string };
            resolve();
          });
        }),
    ),
  ).catch(async (error: unknown) => {
    await Promise.all(servers.map((s) => new Promise((r) => s.close(r))));
    await agent.close();
    await pool?.close();
    throw error;
  });
  live.describe(ifaces.map((i) => `${listening[i]?.url} → ${options.targets[i]}`).join(', '));

  return {
    listening,
    session: live,
    pending: () => underway.size,
    async close(graceMs = 2_000) {
      for (const server of servers) {
        server.close();
        server.closeIdleConnections();
      }
      const settled = async (ms: number): Promise<void> => {
        const until = Date.now() + ms;
        while (underway.size > 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 10));
      };
      await settled(graceMs);
      for (const server of servers) server.closeAllConnections();
      // A request the target got whole is the target's: a moment more for its answer head, which
      // the HAR keeps (as abandoned); then what is left is given up, recorded as it unwinds.
      await settled(1_000);
      for (const abort of underway) abort.abort(new Error('the proxy is stopping'));
      await settled(200);
      await agent.close().catch(() => undefined);
      await har?.close();
      const judged = await live.judged();
      await pool?.close();
      return live.report(judged);
    },
  };
}

/** The judges' script when judges on worker threads are asked for and possible; else undefined (judged on this thread), said in one line when they were asked for. */
async function judgeScript(options: ProxyOptions): Promise<URL | undefined> {
  const judges = options.judges ?? 0;
  if (judges <= 0) return undefined;
  const script = await judgeWorkerUrl();
  if ('url' in script) return script.url;
  options.onNote?.(`doppel proxy: --judges ${judges}: judging on the main thread instead (${script.why})`);
  return undefined;
}

/** What `open` makes; when it throws, what was started before is stopped first. */
async function opened<T>(open: () => T, undo: () => Promise<void> | undefined): Promise<T> {
  try {
    return open();
  } catch (error) {
    await undo();
    throw error;
  }
}

/** An answer of the proxy's own (a HEAD gets its headers only). */
function own(res: ServerResponse, method: string, answer: OwnAnswer): void {
  const headers = { ...answer.headers, ...(answer.status === 204 ? {} : { 'content-length': String(Buffer.byteLength(answer.text)) }) };
  res.writeHead(answer.status, headers).end(method === 'HEAD' ? undefined : answer.text);
}

const envelope = (status: number, error: string, code: string): OwnAnswer => ({ status, headers: { 'content-type': ENVELOPE_TYPE }, text: JSON.stringify({ success: false, error: `doppel proxy: ${error}`, code }) });
const malformed = (why: string): OwnAnswer => envelope(400, why, 'malformed_request');
const proxyError = (why: string): OwnAnswer => envelope(502, why, 'proxy_error');

function parsedUrl(text: string): URL | undefined {
  try {
    return new URL(text);
  } catch {
    return undefined;
  }
}

/** Until the client has taken what was written, or gone. */
function drained(res: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = (): void => {
      res.off('drain', done).off('close', done);
      resolve();
    };
    res.on('drain', done).on('close', done);
  });
}

/** undici's header record back to a raw list ([name, value, …]; a repeated header once per value). */
function responseRaw(headers: Record<string, string | string[] | undefined>): string[] {
  const raw: string[] = [];
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) raw.push(name, v);
  }
  return raw;
}
