// summariseProfile: a V8 CPU profile (.cpuprofile, or node:inspector's Profiler.stop) as the
// self time of its top functions and of kinds of code: doppel's own modules (a bundle chunk's line
// mapped back to its source module through esbuild's `// path.ts` markers), npm packages, node's
// HTTP and stream code, the native socket writes and HTTP parser, GC, idle. The bench prints it
// as the measured cause of a missed target.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { ROOT } from './processes.js';

/** The parts of V8's profile (the Chrome DevTools Profile object) read here. */
export interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; hitCount?: number }[];
  /** Microseconds on the monotonic clock (the one process.hrtime reads, on Linux). */
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

export interface SelfTime {
  name: string;
  /** Source module and line for doppel's code, `npm:<package>`, a node: module, or '' (native). */
  where: string;
  kind: string;
  ms: number;
  /** Of all samples in the window, idle included. */
  share: number;
}

export interface ProfileSummary {
  samples: number;
  ms: number;
  /** Self time per kind, largest first (shares of all samples, idle included). */
  kinds: { kind: string; ms: number; share: number }[];
  functions: SelfTime[];
}

export const KIND = {
  doppel: 'doppel',
  npm: 'npm package',
  nodeHttp: 'node: HTTP (JS)',
  nodeStreams: 'node: sockets and streams (JS)',
  nodeWeb: 'node: fetch/Request/Response (undici)',
  nodeOther: 'node: other internals',
  socketNative: 'node: socket read/write (native)',
  parserNative: 'node: HTTP parser (native)',
  regexp: 'V8: regular expressions',
  native: 'native, no script',
  gc: 'GC',
  idle: 'idle (waiting for I/O)',
  program: 'V8/native outside JS (program)',
  harness: 'bench harness',
} as const;

const SOCKET_NATIVE = new Set(['writev', 'writeUtf8String', 'writeLatin1String', 'writeAsciiString', 'writeUcs2String', 'writeBuffer', 'shutdown', 'readStart', 'readStop', 'close']);
const PARSER_NATIVE = new Set(['execute', 'finish', 'initialize', 'consume', 'unconsume', 'getCurrentBuffer']);

/** Per bundle file: the line numbers where esbuild's `// <source>.ts` module markers start, and the source. */
const markersByFile = new Map<string, { line: number; source: string }[]>();

function bundleMarkers(path: string): { line: number; source: string }[] {
  let markers = markersByFile.get(path);
  if (markers === undefined) {
    markers = [];
    if (existsSync(path)) {
      const lines = readFileSync(path, 'utf8').split('\n');
      for (const [i, text] of lines.entries()) {
        const m = /^\/\/ ((?:bin|mock|spec|conformance|fixtures|proxy|toolkits)\/\S+\.ts)$/.exec(text);
        if (m) markers.push({ line: i, source: m[1]! });
      }
    }
    markersByFile.set(path, markers);
  }
  return markers;
}

/** Where a frame's code lives, and its kind. lineNumber is 0-based, as V8 gives it. */
export function placeOf(name: string, url: string, lineNumber: number): { where: string; kind: string } {
  if (name === '(garbage collector)') return { where: '', kind: KIND.gc };
  if (name === '(idle)') return { where: '', kind: KIND.idle };
  if (name === '(program)' || name === '(root)') return { where: '', kind: KIND.program };
  if (url === '') {
    if (SOCKET_NATIVE.has(name)) return { where: '(native)', kind: KIND.socketNative };
    if (PARSER_NATIVE.has(name)) return { where: '(native)', kind: KIND.parserNative };
    if (name.startsWith('RegExp: ')) return { where: '', kind: KIND.regexp };
    return { where: '(native)', kind: KIND.native };
  }
  if (url.startsWith('node:')) {
    if (url.startsWith('node:internal/deps/undici')) return { where: url, kind: KIND.nodeWeb };
    if (/^node:(_http_|http$|internal\/http)/.test(url)) return { where: url, kind: KIND.nodeHttp };
    if (/^node:(net$|internal\/stream_base_commons|internal\/streams\/|stream$|internal\/net)/.test(url)) return { where: url, kind: KIND.nodeStreams };
    return { where: url, kind: KIND.nodeOther };
  }
  const path = url.startsWith('file://') ? decodeURIComponent(url.slice('file://'.length)) : url;
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(path);
  if (pkg) return { where: `npm:${pkg[1]}`, kind: KIND.npm };
  if (!path.startsWith(ROOT)) return { where: path, kind: KIND.nodeOther };
  const rel = relative(ROOT, path);
  // bench/'s own compile: the harness, or the tsc output of a source module.
  const built = /^dist\/bench-build\/(.+)\.js$/.exec(rel);
  if (built) return built[1]!.startsWith('bench/') ? { where: `${built[1]}.ts`, kind: KIND.harness } : { where: `${built[1]}.ts`, kind: KIND.doppel };
  if (rel.startsWith('dist/')) {
    const markers = bundleMarkers(path);
    let source: string | undefined;
    for (const m of markers) {
      if (m.line > lineNumber) break;
      source = m.source;
    }
    return { where: source ?? rel, kind: KIND.doppel };
  }
  return { where: rel, kind: rel.startsWith('bench/') ? KIND.harness : KIND.doppel };
}

/**
 * Self time per function and per kind. Each sample's time delta is the time until it, spent in
 * the frame it names (V8 records the top of the stack only). With a window (µs on the monotonic
 * clock, as process.hrtime reads it), only the samples inside it count: the load, not the
 * process's start-up and shutdown.
 */
export function summariseProfile(profile: CpuProfile, window?: { fromUs: number; toUs: number }): ProfileSummary {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const fn = new Map<string, SelfTime>();
  const kinds = new Map<string, number>();
  let total = 0;
  let samples = 0;
  let at = profile.startTime;
  for (let i = 0; i < profile.samples.length; i++) {
    const delta = profile.timeDeltas[i] ?? 0;
    at += delta;
    if (window && (at < window.fromUs || at > window.toUs)) continue;
    const node = byId.get(profile.samples[i]!);
    if (node === undefined) continue;
    const ms = delta / 1000;
    total += ms;
    samples++;
    const { functionName, url, lineNumber } = node.callFrame;
    const { where, kind } = placeOf(functionName, url, lineNumber);
    const name = functionName || '(anonymous)';
    const line = where !== '' && !where.startsWith('(') && lineNumber >= 0 && kind !== KIND.doppel ? `:${lineNumber + 1}` : '';
    const key = `${name}\u0000${where}${line}`;
    const entry = fn.get(key) ?? { name, where: `${where}${line}`, kind, ms: 0, share: 0 };
    entry.ms += ms;
    fn.set(key, entry);
    kinds.set(kind, (kinds.get(kind) ?? 0) + ms);
  }
  const share = (ms: number): number => (total > 0 ? ms / total : Number.NaN);
  return {
    samples,
    ms: total,
    kinds: [...kinds].map(([kind, ms]) => ({ kind, ms, share: share(ms) })).sort((a, b) => b.ms - a.ms),
    functions: [...fn.values()].map((e) => ({ ...e, share: share(e.ms) })).sort((a, b) => b.ms - a.ms),
  };
}

/** The summary without the long tail: what a report keeps (JSON crosses a process boundary). */
export function topOf(summary: ProfileSummary, top = 8): ProfileSummary {
  return { ...summary, functions: summary.functions.filter((f) => f.kind !== KIND.idle).slice(0, top) };
}

/** Markdown lines: the kinds in one line, then the top functions as a table. */
export function renderProfileSummary(summary: ProfileSummary, top = 8): string[] {
  const pct = (n: number): string => `${(n * 100).toFixed(1)}%`;
  const kinds = summary.kinds.filter((k) => k.share >= 0.005).map((k) => `${k.kind} ${pct(k.share)}`);
  return [
    `Self time by kind (share of ${summary.samples.toLocaleString('en-US')} samples over ${(summary.ms / 1000).toFixed(1)} s): ${kinds.join(', ')}.`,
    '',
    '| # | share of samples | function | where | kind |',
    '|---|---|---|---|---|',
    ...summary.functions
      .filter((f) => f.kind !== KIND.idle)
      .slice(0, top)
      .map((f, i) => `| ${i + 1} | ${pct(f.share)} | ${f.name.replace(/\|/g, '\\|')} | ${f.where.replace(/\|/g, '\\|')} | ${f.kind} |`),
  ];
}

/** A .cpuprofile file written by `node --cpu-prof` into dir (the only one there). */
export function readProfileFrom(dir: string): CpuProfile {
  const file = readdirSync(dir).find((f) => f.endsWith('.cpuprofile'));
  if (file === undefined) throw new Error('no .cpuprofile written (did the process exit gracefully?)');
  return JSON.parse(readFileSync(join(dir, file), 'utf8')) as CpuProfile;
}
