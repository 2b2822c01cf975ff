/**
 * With `--diagnose FILE`, the soak writes where its processes wait, every two seconds: the primary's
 * connections to the soak's database by state and wait event (`Lock/transactionid`: a row held by
 * another transaction; `Client/ClientRead`: a transaction open while its console is busy), the
 * oldest statements still running, the processor share of each kind of process since the last
 * sample, and how long the disk took to make 8 KB durable (written and `fdatasync`ed every 100 ms
 * beside PostgreSQL's files, as a commit's log record is): a commit waits as long, whatever the
 * stack does. One JSON object a line; `summarize` prints the averages at the end.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { appendFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import pg from 'pg';

interface Sample {
  at: number;
  /** The wall clock (ms since 1970), to line samples up with the sales (`calls.json`). */
  wall: number;
  /** `state wait_event_type/wait_event` → connections. */
  waits: Record<string, number>;
  /** The oldest statements still running: seconds and how they start. */
  oldest: { seconds: number; query: string }[];
  /** Kind of process → percent of one core since the last sample. */
  cpu: Record<string, number>;
  /** The 8 KB durable writes since the last sample: how many, the slowest (ms), how many took over 50 ms. */
  disk: { writes: number; slowestMs: number; over50: number };
}

/** The probe's thread: 8 KB written at the file's start and made durable, every 100 ms, each time posted. */
const PROBE_THREAD = `
const { closeSync, fdatasyncSync, openSync, rmSync, writeSync } = require('node:fs');
const { parentPort, workerData } = require('node:worker_threads');
const block = Buffer.alloc(8192, 1);
const pause = new Int32Array(new SharedArrayBuffer(4));
let fd;
try {
  fd = openSync(workerData, 'w');
} catch (error) {
  parentPort.postMessage({ error: String(error) });
}
let stopped = fd === undefined;
parentPort.on('message', () => { stopped = true; });
const loop = () => {
  if (stopped) {
    if (fd !== undefined) closeSync(fd);
    rmSync(workerData, { force: true });
    parentPort.close();
    return;
  }
  const started = performance.now();
  writeSync(fd, block, 0, block.length, 0);
  fdatasyncSync(fd);
  parentPort.postMessage({ ms: performance.now() - started });
  Atomics.wait(pause, 0, 0, 100);
  setImmediate(loop);
};
loop();
`;

/**
 * Writes 8 KB and waits for the disk to hold it, every 100 ms, on a thread of its own (its times
 * are the disk's, not this busy process's), in a file in `directory` (on PostgreSQL's disk, to say
 * what its commits wait for); `take` answers the times since it was last asked.
 */
function diskProbe(directory: string) {
  const worker = new Worker(PROBE_THREAD, {
    eval: true,
    workerData: path.join(directory, `soak-disk-probe-${process.pid}`),
  });
  let times: number[] = [];
  worker.on('message', (message: { ms?: number; error?: string }) => {
    if (message.error) console.error(`the disk probe could not start: ${message.error}`);
    else if (message.ms !== undefined) times.push(message.ms);
  });
  worker.on('error', (error) => console.error(`the disk probe stopped: ${error.message}`));
  const ended = new Promise((resolve) => worker.once('exit', resolve));
  return {
    take() {
      const taken = times;
      times = [];
      return {
        writes: taken.length,
        slowestMs: Math.round(Math.max(0, ...taken)),
        over50: taken.filter((ms) => ms > 50).length,
      };
    },
    async stop() {
      worker.postMessage('stop');
      await Promise.race([ended, new Promise((resolve) => setTimeout(resolve, 2000))]);
      await worker.terminate();
    },
  };
}

const TICKS_PER_S = 100;

/** Clock ticks used so far by every process, by kind: a console (by the pids given), postgres, mosquitto, … */
function ticksByKind(consoles: () => (number | undefined)[]): Map<string, number> {
  const named = new Map(consoles().map((pid, index) => [pid, `console ${index + 1}`]));
  named.set(process.pid, 'soak');
  const used = new Map<string, number>();
  for (const entry of readdirSync('/proc')) {
    const pid = Number(entry);
    if (!Number.isInteger(pid)) continue;
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const kind = named.get(pid) ?? (['postgres', 'mosquitto', 'nginx'].includes(comm) ? comm : 'other');
      used.set(kind, (used.get(kind) ?? 0) + Number(fields[11]) + Number(fields[12]));
    } catch {
      // Gone since it was listed.
    }
  }
  return used;
}

export function diagnose(file: string, databaseUrl: string, consoles: () => (number | undefined)[]) {
  const database = new URL(databaseUrl).pathname.slice(1);
  const client = new pg.Client({ connectionString: databaseUrl });
  const connected = client.connect();
  let last = { at: performance.now(), ticks: ticksByKind(consoles) };
  const samples: Sample[] = [];
  // PostgreSQL's data directory is another user's: by default the temporary directory, which must be
  // on the same disk (not a tmpfs) for the figure to say anything.
  const disk = diskProbe(process.env.SOAK_DISK_PROBE_DIR ?? os.tmpdir());
  let written = Promise.resolve();
  const take = async () => {
    await connected;
    const { rows } = await client.query<{ key: string; n: number }>(
      `SELECT state || ' ' || coalesce(wait_event_type || '/' || wait_event, '-') AS key, count(*)::int AS n
       FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid() GROUP BY 1`,
      [database],
    );
    const { rows: oldest } = await client.query<{ seconds: number; query: string }>(
      `SELECT extract(epoch FROM now() - query_start)::float AS seconds, left(regexp_replace(query, '\\s+', ' ', 'g'), 120) AS query
       FROM pg_stat_activity WHERE datname = $1 AND state = 'active' AND pid <> pg_backend_pid()
       ORDER BY query_start LIMIT 3`,
      [database],
    );
    const now = { at: performance.now(), ticks: ticksByKind(consoles) };
    const seconds = (now.at - last.at) / 1000;
    const cpu: Record<string, number> = {};
    for (const [kind, ticks] of now.ticks) {
      const used = ticks - (last.ticks.get(kind) ?? ticks);
      if (used > 0) cpu[kind] = Math.round((100 * used) / TICKS_PER_S / seconds);
    }
    last = now;
    const sample: Sample = {
      at: Math.round(now.at),
      wall: Date.now(),
      waits: Object.fromEntries(rows.map((row) => [row.key, row.n])),
      oldest,
      cpu,
      disk: disk.take(),
    };
    samples.push(sample);
    // Written off the event loop (a write that waits for a busy disk must not hold up the machines'
    // replies), one after the other, in the order taken.
    const line = `${JSON.stringify(sample)}\n`;
    written = written.then(() => appendFile(file, line)).catch(() => undefined);
  };
  const timer = setInterval(() => void take().catch(() => undefined), 2000);
  return {
    /** The average connections in each state and each kind's processor share over the run. */
    async summarize(): Promise<string> {
      clearInterval(timer);
      await written;
      await disk.stop();
      await client.end().catch(() => undefined);
      const average = (pick: (sample: Sample) => Record<string, number>) => {
        const totals = new Map<string, number>();
        for (const sample of samples)
          for (const [key, n] of Object.entries(pick(sample))) totals.set(key, (totals.get(key) ?? 0) + n);
        return [...totals]
          .sort((a, b) => b[1] - a[1])
          .map(([key, total]) => `${key} ${(total / Math.max(samples.length, 1)).toFixed(1)}`)
          .join(', ');
      };
      const writes = samples.reduce((sum, sample) => sum + sample.disk.writes, 0);
      const over50 = samples.reduce((sum, sample) => sum + sample.disk.over50, 0);
      const slowest = Math.max(0, ...samples.map((sample) => sample.disk.slowestMs));
      return (
        `connections on average: ${average((s) => s.waits)}\nprocessor (% of a core) on average: ${average((s) => s.cpu)}\n` +
        `disk: ${writes} durable 8 KB writes, ${over50} over 50 ms, the slowest ${slowest} ms`
      );
    },
  };
}
