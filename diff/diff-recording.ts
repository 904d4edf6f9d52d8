// doppel diff over a recording: each recorded request, in the recording's order, sent to the
// primary and to the candidate (writes only when allowed), each answer judged by the checker on
// its side's stream (createExchangeJudge), the two answers compared field by field
// (compare-answers.ts), and each difference given its verdict (verdicts.ts).
import { createExchangeJudge, learnedValue, learnSecrets, readHar, Secrets, type Exchange, type ExchangeVerdict, type Observation } from '../conformance/index.js';
import { decisionOf, type InterfaceName } from '../spec/index.js';
import { compareAnswers, type FieldDifference, type Tolerance } from './compare-answers.js';
import { IdentifierMap } from './identifier-map.js';
import { send, sideRequest } from './replay-request.js';
import type { SideKeys } from './side-keys.js';
import { judgePair } from './verdicts.js';
import type { AnswerPair, DecisionChange, Difference, DiffReport, DiffTargets, Side, Verdict } from './types.js';

export interface DiffOptions {
  /** The recording's file name, for the report. */
  file: string;
  /** The parsed HAR document (a document that is not HAR throws HarError). */
  doc: unknown;
  primary: DiffTargets;
  candidate: DiffTargets;
  keys: Record<Side, SideKeys>;
  allowWrites?: boolean | undefined;
  strict?: boolean | undefined;
  tolerance: Tolerance;
  showSecrets?: boolean | undefined;
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Answers kept for the side-by-side page, and how much of each body. */
const ANSWERS_KEPT = 200;
const BODY_KEPT = 8_000;

/** An answer's body as a person reads it: JSON indented, cut at BODY_KEPT characters. */
function readable(ex: Exchange): string {
  const text = ex.json === undefined ? ex.bodyText : JSON.stringify(ex.json, null, 2);
  return text.length > BODY_KEPT ? `${text.slice(0, BODY_KEPT)}\n…` : text;
}

interface Replayed {
  index: number;
  recorded: Exchange;
  sides: Record<Side, Exchange>;
  differences: FieldDifference[];
  verdicts: Record<Side, ExchangeVerdict>;
}

/** Each point's learned value on one side, over its whole stream (the rule of --learn). */
function learned(observations: readonly Observation[]): Map<string, number | string> {
  const byPoint = new Map<string, Observation[]>();
  for (const o of observations) byPoint.set(o.point, [...(byPoint.get(o.point) ?? []), o]);
  return new Map([...byPoint].map(([point, seen]) => [point, learnedValue(seen).value]));
}

export async function diffRecording(options: DiffOptions): Promise<DiffReport> {
  const recording = readHar(options.doc);
  const fromRecording = new IdentifierMap();
  const toCandidate = new IdentifierMap();
  const judges = { primary: createExchangeJudge(), candidate: createExchangeJudge() };
  const secrets = new Secrets(Boolean(options.showSecrets));
  for (const side of ['primary', 'candidate'] as const) {
    options.keys[side].trading.forEach((k) => secrets.add(k, 'DOPPEL_TRADING_KEY', '--trading-key'));
    options.keys[side].wallet.forEach((k) => secrets.add(k, 'DOPPEL_WALLET_KEY', '--wallet-key'));
  }
  const replayed: Replayed[] = [];
  let skippedWrites = 0;
  let skippedInterfaces = 0;
  let index = 0;
  for (const recorded of recording.exchanges) {
    index++;
    const bases = { primary: options.primary[recorded.iface as InterfaceName], candidate: options.candidate[recorded.iface as InterfaceName] };
    if (bases.primary === undefined || bases.candidate === undefined) {
      skippedInterfaces++;
      continue;
    }
    if (!READS.has(recorded.method) && !options.allowWrites) {
      skippedWrites++;
      continue;
    }
    const requests = {
      primary: sideRequest(recorded, bases.primary, [fromRecording], options.keys.primary),
      candidate: sideRequest(recorded, bases.candidate, [fromRecording, toCandidate], options.keys.candidate),
    };
    const [primary, candidate] = await Promise.all([send(requests.primary, recorded.iface, index, 'primary'), send(requests.candidate, recorded.iface, index, 'candidate')]);
    // The recording's identifiers paired with the primary's, so that later requests name the primary's.
    compareAnswers(recorded.iface, recorded, primary, fromRecording, options.tolerance);
    const differences = compareAnswers(recorded.iface, primary, candidate, toCandidate, options.tolerance);
    const verdicts = { primary: judges.primary.see(primary), candidate: judges.candidate.see(candidate) };
    for (const ex of [primary, candidate]) learnSecrets(secrets, ex);
    replayed.push({ index, recorded, sides: { primary, candidate }, differences, verdicts });
  }
  const values = { primary: learned(judges.primary.observations()), candidate: learned(judges.candidate.observations()) };
  const mask = (text: string) => secrets.mask(text);
  const differences: Difference[] = [];
  for (const r of replayed) {
    const url = new URL(r.recorded.url);
    const judged = judgePair({ operationId: r.sides.primary.operationId, status: { primary: r.sides.primary.status, candidate: r.sides.candidate.status }, differences: r.differences, verdicts: r.verdicts, learned: values });
    for (const d of judged) {
      differences.push({
        index: r.index,
        iface: r.recorded.iface,
        operationId: r.sides.primary.operationId,
        method: r.recorded.method,
        path: mask(`${url.pathname}${url.search}`),
        ...d,
        primary: mask(d.primary),
        candidate: mask(d.candidate),
        ...(d.rule !== undefined ? { rule: mask(d.rule) } : {}),
      });
    }
  }
  const shown = new Set(differences.filter((d) => d.verdict !== 'noise').map((d) => d.index));
  const answers: AnswerPair[] = replayed.filter((r) => shown.has(r.index)).slice(0, ANSWERS_KEPT).map((r) => {
    const url = new URL(r.recorded.url);
    const side = (ex: Exchange) => ({ status: ex.status, contentType: ex.responseHeaders['content-type'] ?? '', body: mask(readable(ex)) });
    return { index: r.index, method: r.recorded.method, path: mask(`${url.pathname}${url.search}`), primary: side(r.sides.primary), candidate: side(r.sides.candidate) };
  });
  const decisions: DecisionChange[] = [];
  for (const [point, primary] of values.primary) {
    const candidate = values.candidate.get(point);
    if (candidate !== undefined && candidate !== primary) decisions.push({ point, decision: decisionOf(point), primary, candidate });
  }
  const counts: Record<Verdict, number> = { seed: 0, decision: 0, unexplained: 0, noise: 0 };
  for (const d of differences) counts[d.verdict]++;
  const strict = Boolean(options.strict);
  return {
    format: 'doppel-diff/1',
    recording: options.file,
    primary: options.primary,
    candidate: options.candidate,
    requests: recording.exchanges.length,
    replayed: replayed.length,
    skippedWrites,
    skippedInterfaces,
    aligned: toCandidate.size,
    differences,
    answers,
    decisions,
    counts,
    strict,
    failed: counts.seed > 0 || (strict && counts.decision + counts.unexplained > 0),
  };
}
