import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startBuildCheck } from '@/lib/build-check';

describe('the build check', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('asks every interval and announces a new build once', async () => {
    let deployed = 'build-1';
    const fetchDeployedId = vi.fn(async () => deployed);
    const onNewBuild = vi.fn();
    const stop = startBuildCheck({ currentId: 'build-1', intervalMs: 60 * 60_000, fetchDeployedId, onNewBuild });
    await vi.advanceTimersByTimeAsync(60 * 60_000);
    expect(fetchDeployedId).toHaveBeenCalledTimes(1);
    expect(onNewBuild).not.toHaveBeenCalled();
    deployed = 'build-2';
    await vi.advanceTimersByTimeAsync(60 * 60_000);
    expect(onNewBuild).toHaveBeenCalledWith('build-2');
    await vi.advanceTimersByTimeAsync(3 * 60 * 60_000);
    expect(onNewBuild).toHaveBeenCalledTimes(1);
    stop();
  });

  it('waits for the next check when the server cannot be reached', async () => {
    const onNewBuild = vi.fn();
    const fetchDeployedId = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue('build-2');
    const stop = startBuildCheck({ currentId: 'build-1', intervalMs: 1000, fetchDeployedId, onNewBuild });
    await vi.advanceTimersByTimeAsync(1000);
    expect(onNewBuild).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1000);
    expect(onNewBuild).toHaveBeenCalledWith('build-2');
    stop();
  });
});
