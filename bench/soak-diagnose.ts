/**
 * With `--diagnose FILE`, the soak writes where its processes wait, every two seconds: the primary's
 * connections to the soak's database by state and wait event (`Lock/transactionid`: a row held by
 * another transaction; `Client/ClientRead`: a transaction open while its console is busy), the
 * oldest statements still running, and the processor share of each kind of process since the last
 * sample. One JSON object a line; `summarize` prints the averages at the end.
 */
import { appendFileSync, readdirSync, readFileSync } from 'node:fs';
import pg from 'pg';

interface Sample {
  at: number;
  /** `state wait_event_type/wait_event` → connections. */
  waits: Record<string, number>;
  /** The oldest statements still running: seconds and how they start. */
  oldest: { seconds: number; query: string }[];
  /** Kind of process → percent of one core since the last sample. */
  cpu: Record<string, number>;
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
    const sample = {
      at: Math.round(now.at),
      waits: Object.fromEntries(rows.map((row) => [row.key, row.n])),
      oldest,
      cpu,
    };
    samples.push(sample);
    appendFileSync(file, `${JSON.stringify(sample)}\n`);
  };
  const timer = setInterval(() => void take().catch(() => undefined), 2000);
  return {
    /** The average connections in each state and each kind's processor share over the run. */
    async summarize(): Promise<string> {
      clearInterval(timer);
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
      return `connections on average: ${average((s) => s.waits)}\nprocessor (% of a core) on average: ${average((s) => s.cpu)}`;
    },
  };
}
