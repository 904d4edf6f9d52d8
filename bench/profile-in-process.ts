// profileInProcess: a CPU profile of work in this process (node:inspector's Profiler), for a
// cause measured in process: fake.fetch's time per request, the journal's part of App.handle.
import { Session } from 'node:inspector/promises';
import type { CpuProfile } from './profile-summary.js';

const nowUs = (): number => Number(process.hrtime.bigint() / 1000n);

/**
 * Samples every intervalUs while run() works (awaited: sync or async work alike). The window is
 * run()'s own (µs on the profile's clock): Profiler.stop serializes the profile while still
 * sampling, which would otherwise show as native `dispatch` time.
 */
export async function profileInProcess(run: () => unknown, intervalUs = 100): Promise<{ profile: CpuProfile; window: { fromUs: number; toUs: number } }> {
  const session = new Session();
  session.connect();
  try {
    await session.post('Profiler.enable');
    await session.post('Profiler.setSamplingInterval', { interval: intervalUs });
    await session.post('Profiler.start');
    let failed: unknown;
    const fromUs = nowUs();
    try {
      await run();
    } catch (error) {
      failed = error ?? new Error('profiled work failed');
    }
    const toUs = nowUs();
    const { profile } = (await session.post('Profiler.stop')) as unknown as { profile: CpuProfile };
    if (failed !== undefined) throw failed;
    return { profile, window: { fromUs, toUs } };
  } finally {
    session.disconnect();
  }
}
