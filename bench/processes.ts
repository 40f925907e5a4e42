/**
 * Whole-process measurements for the start-up and report benchmarks: each case is a command
 * line run as a child process; rounds alternate the cases (rotating their order), so load on a
 * shared machine falls on every case alike and the ratios of one run are comparable.
 */
import { spawnSync } from 'node:child_process';
import { loadavg } from 'node:os';

export interface ProcessCase {
  name: string;
  args: string[];
}

export interface ProcessFigures {
  name: string;
  /** Median wall time in ms. */
  wall: number;
  /** Median peak RSS in MB (when measured). */
  rss?: number;
  /** Median CPU time (user + system) in ms (measured with the RSS). */
  cpu?: number;
}

// Preloaded into a child to print its peak RSS (kB) and CPU time (µs) as the last line of standard error.
const rssProbe =
  'data:text/javascript,' +
  encodeURIComponent(
    'process.on("exit",()=>{const u=process.resourceUsage();process.stderr.write("\\nmaxrss="+u.maxRSS+" cpu="+(u.userCPUTime+u.systemCPUTime)+"\\n")})',
  );

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** Runs every case `rounds` times, interleaved; `withRss` preloads the RSS probe into every case alike. */
export function alternate(cases: ProcessCase[], rounds: number, withRss: boolean): ProcessFigures[] {
  const walls = cases.map((): number[] => []);
  const rss = cases.map((): number[] => []);
  const cpu = cases.map((): number[] => []);
  for (let round = 0; round < rounds; round++) {
    for (let k = 0; k < cases.length; k++) {
      const index = (round + k) % cases.length;
      const args = withRss ? ['--import', rssProbe, ...cases[index]!.args] : cases[index]!.args;
      const started = performance.now();
      const run = spawnSync(process.execPath, args, { encoding: 'utf8', maxBuffer: 1 << 30 });
      walls[index]!.push(performance.now() - started);
      if (run.error) throw run.error;
      if (run.status !== 0 && run.status !== 1)
        throw new Error(`${cases[index]!.name}: exit ${run.status}\n${run.stderr}`);
      const probe = /maxrss=(\d+) cpu=(\d+)\s*$/.exec(run.stderr);
      if (withRss && probe) {
        rss[index]!.push(Number(probe[1]) / 1024);
        cpu[index]!.push(Number(probe[2]) / 1000);
      }
    }
  }
  return cases.map((c, i) => ({
    name: c.name,
    wall: median(walls[i]!),
    ...(rss[i]!.length > 0 ? { rss: median(rss[i]!), cpu: median(cpu[i]!) } : {}),
  }));
}

export function loadLine(): string {
  return `load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(', ')}`;
}
