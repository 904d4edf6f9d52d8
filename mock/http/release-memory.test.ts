import { afterEach, describe, expect, it, vi } from 'vitest';
import { releaseMemorySoon } from './release-memory.js';

describe('releaseMemorySoon', () => {
  afterEach(() => void vi.useRealTimers());

  it('collects on the schedule while the event loop is idle', () => {
    vi.useFakeTimers();
    const collect = vi.fn();
    releaseMemorySoon({ schedule: [200, 0, 800], idle: () => true, collect })();
    vi.advanceTimersByTime(199);
    expect(collect).toHaveBeenCalledTimes(0);
    vi.advanceTimersByTime(1);
    expect(collect).toHaveBeenCalledTimes(1);
    // A 0-ms timer fires on the next tick (1 ms).
    vi.advanceTimersByTime(1);
    expect(collect).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(800);
    expect(collect).toHaveBeenCalledTimes(3);
    vi.advanceTimersByTime(10_000);
    expect(collect).toHaveBeenCalledTimes(3);
  });

  it('holds a collection back while requests keep the event loop busy, and runs it once idle', () => {
    vi.useFakeTimers();
    const collect = vi.fn();
    let busy = true;
    releaseMemorySoon({ schedule: [200, 0], idle: () => !busy, collect })();
    vi.advanceTimersByTime(5_000);
    expect(collect).toHaveBeenCalledTimes(0);
    busy = false;
    vi.advanceTimersByTime(250);
    expect(collect).toHaveBeenCalledTimes(2);
  });

  it('starts over on a drop during the schedule', () => {
    vi.useFakeTimers();
    const collect = vi.fn();
    const dropped = releaseMemorySoon({ schedule: [200], idle: () => true, collect });
    dropped();
    vi.advanceTimersByTime(150);
    dropped();
    vi.advanceTimersByTime(150);
    expect(collect).toHaveBeenCalledTimes(0);
    vi.advanceTimersByTime(50);
    expect(collect).toHaveBeenCalledTimes(1);
  });
});
