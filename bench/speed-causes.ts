// profileMissedHttpTargets: for each HTTP speed target this run missed, the measured cause: CPU
// profiles of `doppel mock` and of the node:http ceiling under the same autocannon load, or of
// doppel's start-up (bench/profile-under-load.ts). Run after the http section's loads, on fresh
// processes: the profiler slows what it samples, so the loaded figures come from unprofiled ones.
import type { HttpSection } from './http-section.js';
import type { LoadSettings } from './load.js';
import { profileStartup, profileUnderLoad, type LoadProfile, type Route, type StartupProfile } from './profile-under-load.js';
import { THROUGHPUT_GOALS, startupByNodeMet, throughputRatio } from './speed-goals.js';
import { pinnedNode } from './startup-by-node.js';

export interface ThroughputCause {
  route: Route;
  doppel?: LoadProfile;
  /** The ceiling of the same method under the same load, for the time per answer by kind of code. */
  ceiling?: LoadProfile;
  error?: string;
}

export interface HttpCauses {
  settings: LoadSettings;
  throughput: ThroughputCause[];
  startup?: StartupProfile | { error: string };
}

const message = (error: unknown): string => (error instanceof Error ? error.message : String(error)).slice(0, 500);

export async function profileMissedHttpTargets(http: HttpSection, settings: LoadSettings, log: (line: string) => void): Promise<HttpCauses> {
  const out: HttpCauses = { settings, throughput: [] };
  const ceilings = new Map<'GET' | 'POST', LoadProfile>();
  for (const goal of THROUGHPUT_GOALS) {
    if (throughputRatio(http.loads, goal).met !== false) continue;
    log(`  missed: ${goal.name}; profiling doppel mock and the node:http ceiling under the same autocannon load`);
    try {
      const doppel = await profileUnderLoad({ server: 'doppel' }, goal.route, settings);
      let ceiling = ceilings.get(goal.ceiling);
      if (ceiling === undefined) {
        ceiling = await profileUnderLoad({ server: 'node:http', body: http.ceilingBody }, goal.route, settings);
        ceilings.set(goal.ceiling, ceiling);
      }
      out.throughput.push({ route: goal.route, doppel, ceiling });
    } catch (error) {
      out.throughput.push({ route: goal.route, error: message(error) });
    }
  }
  // Judged on the pinned versions users run (speed-goals.ts); profiled on the first that missed.
  const missed = startupByNodeMet(http.startupByNode).verdicts.find((v) => v.judged && v.met === false)?.version;
  if (missed !== undefined) {
    log(`  missed: start-up on Node ${missed}; profiling doppel mock from its start to its first answer`);
    try {
      out.startup = await profileStartup(8, { bin: await pinnedNode(missed), version: missed });
    } catch (error) {
      out.startup = { error: message(error) };
    }
  }
  return out;
}
