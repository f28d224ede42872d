import { availableParallelism, loadavg } from 'node:os';

/**
 * "under load (load avg X)" when the 1-minute load average is above the number of cores, else an empty string:
 * a figure taken while other work held the machine says so beside it, in the output and in docs/performance.md.
 */
export function underLoad(load: number = loadavg()[0]!, cores: number = availableParallelism()): string {
  return load > cores ? `under load (load avg ${load.toFixed(1)})` : '';
}

/** Where a figure was taken: the note when under load, else the load average itself. */
export function conditions(load: number = loadavg()[0]!, cores: number = availableParallelism()): string {
  return underLoad(load, cores) || `load avg ${load.toFixed(1)}`;
}
