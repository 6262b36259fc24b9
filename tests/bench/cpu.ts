// CPU time by process group, read from Linux's /proc, to say which part of a shared machine a benchmark's
// load went to (the app instances, PostgreSQL, the proxy, the load generator). Empty on other systems.
import { readdirSync, readFileSync } from 'node:fs';

// USER_HZ: the unit of utime and stime in /proc/<pid>/stat, 100 on every Linux the benchmarks run on.
const TICKS_PER_SECOND = 100;

interface ProcStat {
  pid: number;
  command: string;
  parent: number;
  /** User and system CPU seconds, this process's own. */
  seconds: number;
  /** Those of its children that ended and were waited for (PostgreSQL's backends, once they close). */
  reaped: number;
}

function readStat(pid: string): ProcStat | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command sits in parentheses and may hold spaces; the fields after it are space-separated.
    const open = stat.indexOf('(');
    const close = stat.lastIndexOf(')');
    const fields = stat.slice(close + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    const reapedTicks = Number(fields[13]) + Number(fields[14]);
    return {
      pid: Number(pid),
      command: stat.slice(open + 1, close),
      parent: Number(fields[1]),
      seconds: ticks / TICKS_PER_SECOND,
      reaped: reapedTicks / TICKS_PER_SECOND,
    };
  } catch {
    return undefined;
  }
}

function allStats(): ProcStat[] {
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return [];
  }
  return entries
    .filter((entry) => /^\d+$/.test(entry))
    .map(readStat)
    .filter((stat): stat is ProcStat => stat !== undefined);
}

/**
 * Which processes make up each group: the named PIDs and their descendants (only the PIDs themselves with
 * `alone`, for a process whose children are counted elsewhere), or every process of a command name.
 */
export type CpuGroups = Record<string, { pids?: () => number[]; command?: string; alone?: boolean }>;

/** CPU seconds used so far by each group's live processes, and by the whole machine (all cores). */
export type CpuSample = { at: number; seconds: Map<string, Map<number, number>>; machine: number };

/** Busy CPU seconds of the whole machine since boot (/proc/stat: every field but idle and iowait). */
function machineSeconds(): number {
  try {
    const line = readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '';
    const fields = line.trim().split(/\s+/).slice(1, 9).map(Number);
    const busy = fields.reduce((sum, value, index) => (index === 3 || index === 4 ? sum : sum + value), 0);
    return busy / TICKS_PER_SECOND;
  } catch {
    return Number.NaN;
  }
}

/** Reads every group's processes now. A process's seconds are kept by PID so that one that exits is not lost. */
export function sampleCpu(groups: CpuGroups): CpuSample {
  const stats = allStats();
  const children = new Map<number, ProcStat[]>();
  for (const stat of stats) children.set(stat.parent, [...(children.get(stat.parent) ?? []), stat]);
  const byPid = new Map(stats.map((stat) => [stat.pid, stat]));
  const seconds = new Map<string, Map<number, number>>();
  for (const [name, group] of Object.entries(groups)) {
    const found = new Map<number, number>();
    const visit = (stat: ProcStat | undefined) => {
      if (!stat || found.has(stat.pid)) return;
      if (group.alone) {
        found.set(stat.pid, stat.seconds);
        return;
      }
      // A child that ended between two samples is then in its parent's reaped time, not lost.
      found.set(stat.pid, stat.seconds + stat.reaped);
      for (const child of children.get(stat.pid) ?? []) visit(child);
    };
    for (const pid of group.pids?.() ?? []) visit(byPid.get(pid));
    if (group.command) for (const stat of stats) if (stat.command === group.command) visit(stat);
    seconds.set(name, found);
  }
  return { at: performance.now(), seconds, machine: machineSeconds() };
}

/**
 * The cores each group kept busy on average between two samples (CPU seconds over wall seconds). A process
 * that started in between counts from zero; one that ended in between is missing from the later sample and
 * counts nothing for the interval.
 */
export function coresBetween(before: CpuSample, after: CpuSample): Map<string, number> {
  const wall = (after.at - before.at) / 1000;
  const cores = new Map<string, number>();
  for (const [name, pids] of after.seconds) {
    const earlier = before.seconds.get(name) ?? new Map<number, number>();
    let used = 0;
    for (const [pid, seconds] of pids) used += seconds - (earlier.get(pid) ?? 0);
    cores.set(name, wall > 0 ? used / wall : Number.NaN);
  }
  const groups = [...cores.values()].reduce((sum, value) => sum + value, 0);
  // The rest of the machine's busy time: processes outside every group (other work on a shared machine).
  cores.set('everything else', wall > 0 ? (after.machine - before.machine) / wall - groups : Number.NaN);
  return cores;
}

/** CPU seconds each group used between two marks of a meter, with the wall and machine seconds between them. */
export interface CpuSpan {
  wallSeconds: number;
  seconds: Map<string, number>;
  /** Busy seconds of the whole machine (all cores, every process) over the span. */
  machineSeconds: number;
}

/**
 * Reads the groups every `intervalMs` and keeps, for each process, the CPU seconds it has used since the
 * meter started (or since it started, if later). A process that ends between two readings keeps what the
 * last reading saw, so it loses at most one interval's time, which sampling at the marks alone would lose
 * whole. `refresh` runs before each reading, for groups whose PIDs must be looked up (a database's backends).
 */
export function startCpuMeter(groups: CpuGroups, intervalMs: number, refresh?: () => Promise<void>) {
  const used = new Map<string, Map<number, { base: number; last: number }>>();
  const marks = new Map<string, { at: number; seconds: Map<string, number>; machine: number }>();
  let first = true;
  const read = () => {
    const sample = sampleCpu(groups);
    for (const [name, pids] of sample.seconds) {
      const known = used.get(name) ?? new Map<number, { base: number; last: number }>();
      used.set(name, known);
      for (const [pid, seconds] of pids) {
        const entry = known.get(pid);
        // A process first seen after the start began during the run: all its time is the run's.
        if (entry) entry.last = seconds;
        else known.set(pid, { base: first ? seconds : 0, last: seconds });
      }
    }
    first = false;
    return sample;
  };
  const totals = () =>
    new Map(
      [...used].map(([name, pids]) => [
        name,
        [...pids.values()].reduce((sum, { base, last }) => sum + last - base, 0),
      ]),
    );
  let reading = Promise.resolve();
  const tick = () => {
    reading = reading.then(async () => {
      await refresh?.();
      read();
    });
    return reading;
  };
  const timer = setInterval(() => void tick().catch(() => {}), intervalMs);
  return {
    /** Takes a reading now and keeps the groups' totals under `label`. */
    async mark(label: string) {
      await tick();
      const sample = read();
      marks.set(label, { at: sample.at, seconds: totals(), machine: sample.machine });
    },
    /** What each group used between two marks. */
    between(from: string, to: string): CpuSpan {
      const start = marks.get(from);
      const end = marks.get(to);
      if (!start || !end) throw new Error(`no CPU mark ${start ? to : from}`);
      return {
        wallSeconds: (end.at - start.at) / 1000,
        seconds: new Map(
          [...end.seconds].map(([name, seconds]) => [name, seconds - (start.seconds.get(name) ?? 0)]),
        ),
        machineSeconds: end.machine - start.machine,
      };
    },
    stop() {
      clearInterval(timer);
    },
  };
}
