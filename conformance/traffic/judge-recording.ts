// doppel check --from-har FILE…: a recording judged offline by the checks of doppel check, with no
// request sent: the same session a proxy keeps, fed the recording's exchanges in the order they
// ended, so that a recording gives the verdicts its traffic gave live. Several files (the HARs of
// proxies behind one balancer) are one stream, merged by when each exchange ended.
import { readHar } from './har.js';
import { TrafficSession } from './traffic-session.js';
import type { InterfaceName, RunReport } from '../types.js';

export interface RecordingOptions {
  /** The file (or files), for the report. */
  file: string;
  /** Which interface an origin is, where the recording does not say (--trading-url, --wallet-url). */
  origins?: Partial<Record<InterfaceName, string>> | undefined;
  strict?: boolean | undefined;
  profile?: unknown;
  profileName?: string | undefined;
  showSecrets?: boolean | undefined;
}

/** Judges a parsed HAR document, or several as one stream; a document that is not HAR throws HarError. */
export function judgeRecording(doc: unknown, options: RecordingOptions): RunReport {
  const recording = readHar(doc, options.origins);
  const session = new TrafficSession({
    targets: { ...recording.targets, ...options.origins },
    source: 'har',
    from: options.file,
    strict: options.strict,
    profile: options.profile,
    profileName: options.profileName,
    showSecrets: options.showSecrets,
  });
  for (const ex of recording.exchanges) session.see(ex);
  for (const u of recording.unchecked) session.seeUnchecked(u.iface, u.operationId, u.status, u.bytes, u.url);
  for (const line of recording.unreachable) session.seeUnreachable(line);
  for (const line of recording.targetFaults) session.seeTargetFault(line);
  for (let i = 0; i < recording.abandoned; i++) session.seeAbandoned();
  return session.report();
}
