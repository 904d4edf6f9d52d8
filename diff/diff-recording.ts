// doppel diff over a recording: each recorded request, in the recording's order, sent to the
// primary and to the candidate (writes only when allowed), each answer judged by the checker on
// its side's stream (createExchangeJudge), the two answers compared field by field
// (compare-answers.ts), and each difference given its verdict (verdicts.ts). With a secondary (a
// second copy of the primary) each request goes to it too, and what differs between the primary
// and the secondary over the whole stream is learned as noise (noise-model.ts) before any verdict.
import { createExchangeJudge, learnSecrets, readHar } from '../conformance/index.js';
import type { InterfaceName } from '../spec/index.js';
import { compareAnswers, type Tolerance } from './compare-answers.js';
import { diffReport, judgedDifferences, learnedValues, type AnswerPairJudged } from './diff-report.js';
import { IdentifierMap } from './identifier-map.js';
import { NoiseModel } from './noise-model.js';
import { send, sideRequest } from './replay-request.js';
import { keySecrets, type SideKeys } from './side-keys.js';
import type { DiffReport, DiffTargets, Side } from './types.js';

export interface DiffOptions {
  /** The recording's file name, for the report. */
  file: string;
  /** The parsed HAR document (a document that is not HAR throws HarError). */
  doc: unknown;
  primary: DiffTargets;
  candidate: DiffTargets;
  /** A second copy of the primary, called with the primary's keys: what differs between the two is noise. */
  secondary?: DiffTargets | undefined;
  keys: Record<Side, SideKeys>;
  allowWrites?: boolean | undefined;
  strict?: boolean | undefined;
  tolerance: Tolerance;
  showSecrets?: boolean | undefined;
  /** Aborted (SIGINT, SIGTERM): no request is sent after it, and the report of what was compared is marked partial. */
  signal?: AbortSignal | undefined;
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

export async function diffRecording(options: DiffOptions): Promise<DiffReport> {
  const recording = readHar(options.doc);
  const fromRecording = new IdentifierMap();
  const toCandidate = new IdentifierMap();
  const toSecondary = new IdentifierMap();
  const noise = new NoiseModel();
  const judges = { primary: createExchangeJudge(), candidate: createExchangeJudge() };
  const secrets = keySecrets(options.keys, Boolean(options.showSecrets));
  const replayed: AnswerPairJudged[] = [];
  let skippedWrites = 0;
  let skippedInterfaces = 0;
  let index = 0;
  for (const recorded of recording.exchanges) {
    if (options.signal?.aborted) break;
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
    const secondaryBase = options.secondary?.[recorded.iface as InterfaceName];
    const toSend = secondaryBase === undefined ? undefined : sideRequest(recorded, secondaryBase, [fromRecording, toSecondary], options.keys.primary);
    const [primary, candidate, secondary] = await Promise.all([
      send(requests.primary, recorded.iface, index, 'primary'),
      send(requests.candidate, recorded.iface, index, 'candidate'),
      toSend && send(toSend, recorded.iface, index, 'secondary'),
    ]);
    // The recording's identifiers paired with the primary's, so that later requests name the primary's.
    compareAnswers(recorded.iface, recorded, primary, fromRecording, options.tolerance);
    const differences = compareAnswers(recorded.iface, primary, candidate, toCandidate, options.tolerance);
    if (secondary) noise.learn(primary.operationId, compareAnswers(recorded.iface, primary, secondary, toSecondary, options.tolerance));
    const verdicts = { primary: judges.primary.see(primary), candidate: judges.candidate.see(candidate) };
    for (const ex of [primary, candidate, secondary]) if (ex) learnSecrets(secrets, ex);
    replayed.push({ index, iface: recorded.iface, method: recorded.method, url: recorded.url, sides: { primary, candidate }, differences, verdicts });
  }
  const values = { primary: learnedValues(judges.primary.observations()), candidate: learnedValues(judges.candidate.observations()) };
  const mask = (text: string) => secrets.mask(text);
  // Marked once the whole stream was seen: a field the secondary moved late in it is noise early on too.
  const marked = noise.mark(replayed);
  const head = {
    recording: options.file,
    primary: options.primary,
    candidate: options.candidate,
    ...(options.secondary ? { secondary: options.secondary, learnedNoisy: noise.size } : {}),
    requests: recording.exchanges.length,
    replayed: replayed.length,
    skippedWrites,
    skippedInterfaces,
    aligned: toCandidate.size,
    ...(options.signal?.aborted ? { partial: { interrupted: String(options.signal.reason) } } : {}),
  };
  return diffReport(head, marked, judgedDifferences(marked, values, mask), values, mask, Boolean(options.strict));
}
