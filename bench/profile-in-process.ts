// profileInProcess: a CPU profile of work in this process (node:inspector's Profiler), for a
// cause measured in process: fake.fetch's time per request, the journal's part of App.handle.
import { Session } from 'node:inspector/promises';
import type { CpuProfile } from './profile-summary.js';

/** Samples every intervalUs while run() works (awaited: sync or async work alike). */
export async function profileInProcess(run: () => unknown, intervalUs = 100): Promise<CpuProfile> {
  const session = new Session();
  session.connect();
  try {
    await session.post('Profiler.enable');
    await session.post('Profiler.setSamplingInterval', { interval: intervalUs });
    await session.post('Profiler.start');
    let failed: unknown;
    try {
      await run();
    } catch (error) {
      failed = error ?? new Error('profiled work failed');
    }
    const { profile } = (await session.post('Profiler.stop')) as unknown as { profile: CpuProfile };
    if (failed !== undefined) throw failed;
    return profile;
  } finally {
    session.disconnect();
  }
}
