/**
 * The soak run: docs/deployment.md's several-consoles shape on this one machine, local processes
 * only — a fresh database on the PostgreSQL primary and its streaming replica, mosquitto, the S3
 * test server, two consoles from the built bundle behind nginx — under a fleet of simulated
 * machines selling over MQTT at a given rate, an administrator and an agent's manager listing
 * orders through nginx once a second each; a third of the way in one console is killed (kill -9)
 * and started again, two thirds in the broker. At the end: sales acknowledged against orders
 * stored, duplicates, roll-ups and ledger against the orders, the p99 of a sale, the p95 of a
 * list, each console's peak memory; printed and written into bench/results.json.
 *
 *   npm run soak                                  # 20 minutes, 10,000 machines, 1,000,000 sales a day
 *   npm run soak -- --minutes 3 --machines 1000   # a short run
 *   npm run soak -- --minutes 3 --diagnose /tmp/soak-waits.jsonl   # where the stack waits, every 2 s; each sale and call in /tmp/soak-waits.jsonl.calls.json
 *
 * Needs the PostgreSQL primary on 5432 and its replica on 5433 (`.ci/start-replica`), a role that
 * may create databases (SOAK_PRIMARY_URL / SOAK_REPLICA_URL name others), nginx and mosquitto.
 *
 * The fleet's process lets V8's old generation grow to four times what it holds
 * (`--heap-growing-percent=300`, in package.json): its 10,000 machines hold about 240 MB, and each
 * full collection marked them for about 0.4 s of its event loop every 80 s, delaying the replies
 * of the sales under way, so that the run measured its own collector rather than the stack.
 */

import { writeFile } from 'node:fs/promises';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { formatDay } from '../apps/server/src/lib/time.ts';
import { MachineOffline, MqttMachine } from '../apps/server/src/simulator/mqtt-machine.ts';
import type { Outcome } from '../apps/server/src/simulator/virtual-machine.ts';
import { median, quantile, record } from './results.ts';
import { rssMiB, untilIdle } from './server-process.ts';
import { type Acknowledged, checkDatabase } from './soak-checks.ts';
import { diagnose } from './soak-diagnose.ts';
import { type Instance, staffSessions, standUp } from './soak-stack.ts';

const { values } = parseArgs({
  options: {
    minutes: { type: 'string', default: '20' },
    machines: { type: 'string', default: '10000' },
    'sales-per-day': { type: 'string', default: '1000000' },
    /** Seconds between a machine's heartbeats (its `heartbeatSeconds`, 60 by default). */
    'heartbeat-seconds': { type: 'string', default: '60' },
    /** A file for a sample every two seconds of where the stack waits (bench/soak-diagnose.ts). */
    diagnose: { type: 'string' },
  },
});
const MINUTES = Number(values.minutes);
const MACHINES = Number(values.machines);
const SALES_PER_DAY = Number(values['sales-per-day']);
const HEARTBEAT_S = Number(values['heartbeat-seconds']);
if (![MINUTES, MACHINES, SALES_PER_DAY, HEARTBEAT_S].every((value) => value > 0) || !Number.isInteger(MACHINES)) {
  console.error(
    'usage: npm run soak -- [--minutes 20] [--machines 10000] [--sales-per-day 1000000] [--heartbeat-seconds 60]',
  );
  process.exit(2);
}
const RUN_MS = MINUTES * 60_000;
const SALES_PER_S = SALES_PER_DAY / 86_400;
/**
 * The first sales compile the consoles' code and fill their caches, as they would not in a console
 * running for days: they are checked like the others but not timed. A console restarted midway
 * is timed from its first sale.
 */
const WARM_UP_MS = 15_000;
/** A disruption and the time after it that its effects are counted in (reconnections, resent sales). */
const AFTERMATH_MS = 15_000;
const TARGETS = { saleP99: 200, listP95: 300, memory: 300 };

const started = performance.now();
const log = (line: string) =>
  console.log(`[${((performance.now() - started) / 1000).toFixed(0).padStart(5)} s] ${line}`);
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const stack = await standUp(MACHINES, log);
const loop = monitorEventLoopDelay({ resolution: 10 });
try {
  const { admin, manager } = await staffSessions(stack.nginxUrl, stack.agent);

  // The fleet connects to mosquitto, 500 at a time.
  /** Each gateway call's round trip (a sale's steps, heartbeats), to say where a sale's time goes. */
  const calls: { call: string; at: number; ms: number }[] = [];
  const machines = stack.fleet.map(
    (identity) =>
      new MqttMachine(stack.broker.url, identity, {
        password: 'fixed',
        timeoutMs: 5000,
        // A sale is kept until the server acknowledges it, however long the server or broker is away.
        resendForMs: RUN_MS,
        observe: (call, ms) => calls.push({ call, at: performance.now() - ms, ms }),
      }),
  );
  let connectedAt = performance.now();
  for (let index = 0; index < machines.length; index += 500) {
    await Promise.all(machines.slice(index, index + 500).map((machine) => machine.connect()));
  }
  log(`${MACHINES} machines connected to mosquitto in ${((performance.now() - connectedAt) / 1000).toFixed(1)} s`);
  // The connections' aftermath (their statuses, the broker accounts' sync) is worked off first.
  for (const instance of stack.instances) {
    const ms = await untilIdle(instance.current.child.pid as number, { share: 0.3, timeoutMs: 300_000 });
    log(`console ${instance.slot} settled after ${(ms / 1000).toFixed(0)} s`);
  }

  // Memory: each instance's resident set, sampled; the peak over its lives (it is restarted once).
  const peakRss = new Map<number, number>();
  const sampleMemory = () => {
    for (const instance of stack.instances) {
      const pid = instance.current.child.pid;
      if (pid === undefined || instance.current.child.exitCode !== null || instance.current.child.signalCode !== null)
        continue;
      try {
        peakRss.set(instance.slot, Math.max(peakRss.get(instance.slot) ?? 0, rssMiB(pid)));
      } catch {
        // Exited between the check and the read.
      }
    }
  };
  const memoryTimer = setInterval(sampleMemory, 1000);
  const diagnosis =
    values.diagnose === undefined
      ? undefined
      : diagnose(values.diagnose, stack.database.url, () =>
          stack.instances.map((instance) => instance.current.child.pid),
        );

  // Disruptions: [start, end] in ms since the load began.
  const disruptions: { what: string; from: number; to: number }[] = [];
  const loadStarted = performance.now();
  const since = () => performance.now() - loadStarted;
  loop.enable();

  // Sales: arrivals at the day's average rate, each on a machine not already selling.
  const acknowledged: Acknowledged[] = [];
  const sales: { at: number; ms: number }[] = [];
  const failures: string[] = [];
  const busy = new Set<number>();
  let begun = 0;
  let inFlight = 0;
  /** Sales made while their machine's link was down, reported when it was back (in flight until then). */
  let soldOffline = 0;
  /** Sales of the warm-up: checked like the others, not timed. */
  let warmUpSales = 0;
  const sell = async (index: number) => {
    const machine = machines[index] as MqttMachine;
    busy.add(index);
    inFlight++;
    const at = since();
    const outcome: Outcome = Math.random() < 0.03 ? 'SHORT' : 'COMPLETED';
    const requestedMl = [500, 1000, 1500, 2000, 5000][Math.floor(Math.random() * 5)] as number;
    let offline = false;
    try {
      const t0 = performance.now();
      const sale = machine.sellCoins({ requestedMl, outcome });
      // Sold offline (its link down), the customer was served at once: the machine is free again.
      offline = sale.offline;
      if (offline) {
        soldOffline++;
        busy.delete(index);
      }
      const order = await sale.order;
      if (at < WARM_UP_MS) warmUpSales++;
      else if (!offline) sales.push({ at, ms: performance.now() - t0 });
      acknowledged.push({ orderNo: order.orderNo, paid: order.paid, refunded: order.refunded });
    } catch (error) {
      failures.push(String(error));
    } finally {
      if (!offline) busy.delete(index);
      inFlight--;
    }
  };
  const saleTimer = setInterval(() => {
    const due = Math.floor((since() * SALES_PER_S) / 1000);
    while (begun < due) {
      begun++;
      let index = Math.floor(Math.random() * MACHINES);
      while (busy.has(index)) index = (index + 1) % MACHINES;
      void sell(index);
    }
  }, 20);

  // Heartbeats: each machine once every HEARTBEAT_S, spread evenly.
  let beats = 0;
  let beatFailures = 0;
  /** Not sent: the machine's link was down. */
  let beatsOffline = 0;
  const beatTimer = setInterval(() => {
    const due = Math.floor((since() * MACHINES) / (HEARTBEAT_S * 1000));
    while (beats < due) {
      const machine = machines[beats++ % MACHINES] as MqttMachine;
      void machine.heartbeat({ tdsOut: 9, tankLevel: 70 }).catch((error: unknown) => {
        if (error instanceof MachineOffline) beatsOffline++;
        else beatFailures++;
      });
    }
  }, 50);

  // Staff: each lists today's orders through nginx once a second.
  const lists: { at: number; ms: number; who: string }[] = [];
  let listFailures = 0;
  let firstListFailure = '';
  const today = formatDay(new Date());
  const listOnce = async (who: string, authorization: string) => {
    const at = since();
    const t0 = performance.now();
    try {
      const answer = await fetch(
        `${stack.nginxUrl}/api/orders?createTime=${today}&createTime=${today}&page=0&size=10`,
        {
          headers: { authorization },
        },
      );
      await answer.arrayBuffer();
      if (answer.status === 200) lists.push({ at, ms: performance.now() - t0, who });
      else {
        listFailures++;
        firstListFailure ||= `${answer.status} after ${(performance.now() - t0).toFixed(0)} ms`;
      }
    } catch (error) {
      listFailures++;
      firstListFailure ||= `${String((error as Error).cause ?? error)} after ${(performance.now() - t0).toFixed(0)} ms`;
    }
  };
  const staffTimer = setInterval(() => {
    void listOnce('admin', admin);
    void listOnce('manager', manager);
  }, 1000);

  const progress = setInterval(() => {
    const recent = sales.filter((sale) => sale.at > since() - 30_000).map((sale) => sale.ms);
    log(
      `sales begun ${begun} (${soldOffline} offline), acknowledged ${acknowledged.length}, in flight ${inFlight}, failed ${failures.length}; ` +
        `sale p99 (30 s) ${quantile(recent, 0.99).toFixed(0)} ms; lists ${lists.length} (${listFailures} failed); ` +
        `heartbeats ${beats} (${beatFailures} failed, ${beatsOffline} not sent offline); resent ${machines.reduce((n, m) => n + m.resent, 0)}`,
    );
  }, 30_000);

  // A third of the way in: one console dies (kill -9) and comes back after 5 s.
  await pause(RUN_MS / 3);
  const victim = stack.instances[1] as Instance;
  sampleMemory();
  let from = since();
  victim.current.child.kill('SIGKILL');
  log(`console ${victim.slot} killed (kill -9)`);
  await pause(5000);
  await stack.restart(victim);
  disruptions.push({ what: `console ${victim.slot} killed, restarted after 5 s`, from, to: since() });
  log(`console ${victim.slot} started again (${((since() - from) / 1000).toFixed(1)} s after the kill)`);

  // Two thirds in: the broker dies (kill -9) and comes back after 3 s.
  await pause(Math.max(0, (2 * RUN_MS) / 3 - since()));
  from = since();
  log('mosquitto killed (kill -9)');
  await stack.broker.restart({ signal: 'SIGKILL', downMs: 3000 });
  log('mosquitto started again');
  connectedAt = performance.now();
  while (machines.some((machine) => !machine.client.connected) && performance.now() - connectedAt < 120_000)
    await pause(200);
  const reconnected = machines.filter((machine) => machine.client.connected).length;
  disruptions.push({ what: 'mosquitto killed, restarted after 3 s', from, to: since() });
  log(
    `${reconnected} of ${MACHINES} machines connected again ${((performance.now() - connectedAt) / 1000).toFixed(1)} s after the broker came back`,
  );

  await pause(Math.max(0, RUN_MS - since()));
  clearInterval(saleTimer);
  clearInterval(beatTimer);
  clearInterval(staffTimer);
  log(`load over: waiting for the ${inFlight} sales in flight`);
  const drainStarted = performance.now();
  while (inFlight > 0 && performance.now() - drainStarted < 120_000) await pause(200);
  clearInterval(progress);
  clearInterval(memoryTimer);
  sampleMemory();
  loop.disable();
  if (diagnosis) console.log(await diagnosis.summarize());
  if (values.diagnose !== undefined) {
    // Beside the samples: each sale and gateway call, when it began (ms since 1970) and how long it took.
    const wall = (at: number) => Math.round(performance.timeOrigin + loadStarted + at);
    const file = `${values.diagnose}.calls.json`;
    await writeFile(
      file,
      JSON.stringify({
        disruptions: disruptions.map((d) => ({ ...d, from: wall(d.from), to: wall(d.to) })),
        sales: sales.map((sale) => ({ at: wall(sale.at), ms: Math.round(sale.ms) })),
        calls: calls.map(({ call, at, ms }) => ({
          call,
          at: Math.round(performance.timeOrigin + at),
          ms: Math.round(ms),
        })),
      }),
    );
    console.log(`each sale and call: ${file}`);
  }

  const checks = await checkDatabase(stack.database.url, acknowledged);
  /** Whether what ran from `at` for `ms` overlapped disruption `d` or its aftermath. */
  const overlaps = (d: (typeof disruptions)[number], at: number, ms: number) =>
    at + ms >= d.from && at <= d.to + AFTERMATH_MS;
  /** Whether it overlapped any of them. */
  const disturbed = (at: number, ms: number) => disruptions.some((d) => overlaps(d, at, ms));
  const saleMs = sales.map((sale) => sale.ms);
  const calmSaleMs = sales.filter((sale) => !disturbed(sale.at, sale.ms)).map((sale) => sale.ms);
  const listMs = lists.map((list) => list.ms);
  const shape = `${MINUTES} min, ${MACHINES.toLocaleString('en')} machines over mosquitto, ${SALES_PER_DAY.toLocaleString('en')} sales/day (${SALES_PER_S.toFixed(1)}/s), heartbeats every ${HEARTBEAT_S} s; two consoles behind nginx, PostgreSQL primary + replica, S3 test server; one console and the broker killed once each`;
  console.log(`\nsoak: ${shape}`);
  console.log(`disruptions: ${disruptions.map((d) => `${d.what} at ${(d.from / 1000).toFixed(0)} s`).join('; ')}`);
  console.log(
    `sales begun ${begun}, of them ${soldOffline} sold offline (their machine's link down) and reported on its return; acknowledged ${acknowledged.length}, failed ${failures.length}${failures.length ? ` (first: ${failures[0]})` : ''}; ` +
      `orders stored ${checks.stored}; stored but never acknowledged ${checks.unacknowledged}; gateway calls resent ${machines.reduce((n, m) => n + m.resent, 0)}`,
  );
  console.log(`roll-ups ${JSON.stringify(checks.rollups)}; orders ${JSON.stringify(checks.fromOrders)}`);
  console.log(`ledger ${JSON.stringify(checks.ledger)}`);
  // Where the sales slower than the target fell: under 1 % of all may be, wherever they are.
  const slow = sales.filter((sale) => sale.ms > TARGETS.saleP99);
  const slowNear = disruptions.map(
    (d) => `${slow.filter((sale) => overlaps(d, sale.at, sale.ms)).length} around "${d.what}"`,
  );
  console.log(
    `sales slower than ${TARGETS.saleP99} ms: ${slow.length} of ${sales.length} (1 % is ${Math.floor(sales.length / 100)}); ` +
      `${slow.filter((sale) => !disturbed(sale.at, sale.ms)).length} outside the disruptions, ${slowNear.join(', ')}`,
  );
  const calmCalls = new Map<string, number[]>();
  for (const { call, at, ms } of calls) {
    if (at < loadStarted || disturbed(at - loadStarted, ms)) continue;
    const of = calmCalls.get(call) ?? [];
    of.push(ms);
    calmCalls.set(call, of);
  }
  console.log(
    `calls that did not overlap a disruption, median / p99 ms: ${[...calmCalls]
      .map(([call, ms]) => `${call} ${median(ms).toFixed(1)} / ${quantile(ms, 0.99).toFixed(1)}`)
      .join('; ')}`,
  );
  console.log(
    `heartbeats ${beats} (${beatFailures} failed, ${beatsOffline} not sent while their machine's link was down); lists ${lists.length} (${listFailures} failed${firstListFailure ? `, first: ${firstListFailure}` : ''}); ` +
      `this process's event-loop delay p99 ${(loop.percentile(99) / 1e6).toFixed(1)} ms, max ${(loop.max / 1e6).toFixed(0)} ms`,
  );

  const counted = (figure: string) => `${figure}; ${shape}`;
  record('soak-lost', {
    name: counted(
      `sales acknowledged by the gateway but not stored (of ${acknowledged.length} acknowledged, ${checks.stored} stored)`,
    ),
    value: checks.lost,
    unit: 'sales',
    target: { compare: '<=', limit: 0, of: 'value' },
    // A sale its machine gave up on was never acknowledged: it is not lost, but it is said.
    detail: `besides, ${failures.length} sales never acknowledged (given up by their machines)`,
  });
  record('soak-duplicates', {
    name: counted('orders stored twice for one machine order number'),
    value: checks.duplicates,
    unit: 'orders',
    target: { compare: '<=', limit: 0, of: 'value' },
  });
  record('soak-rollups', {
    name: counted('biz_sales_daily against the orders: |Δ orders| + |Δ paid| + |Δ refunded| + |Δ ml|'),
    value: checks.rollupDifference,
    unit: 'fen/orders/ml',
    target: { compare: '<=', limit: 0, of: 'value' },
    detail: `paid ${checks.rollups.paid} vs ${checks.fromOrders.paid} fen, ${checks.rollups.orders} vs ${checks.fromOrders.orders} orders`,
  });
  record('soak-ledger', {
    name: counted(
      'ledger: |Σ entries| + unbalanced postings + accounts off their entries + |sales − orders paid| + |refunds − orders refunded|',
    ),
    value: checks.ledgerDifference,
    unit: 'fen',
    target: { compare: '<=', limit: 0, of: 'value' },
    detail: `sales ${checks.ledger.sales} fen vs paid ${checks.fromOrders.paid}; refunds ${checks.ledger.refunds} vs ${checks.fromOrders.refunded}`,
  });
  record('soak-sale-p99', {
    name: counted(
      `p99 of a sale (order → coin payment → dispense, request to acknowledgement over MQTT), ${saleMs.length} sales made online after the ${WARM_UP_MS / 1000} s warm-up (${warmUpSales} in it, ${soldOffline} made offline); median ${median(saleMs).toFixed(1)} ms`,
    ),
    value: Math.round(quantile(saleMs, 0.99) * 10) / 10,
    unit: 'ms',
    baseline: {
      name: `the same for the sales that did not overlap a disruption or the ${AFTERMATH_MS / 1000} s after it (${calmSaleMs.length} sales)`,
      value: Math.round(quantile(calmSaleMs, 0.99) * 10) / 10,
    },
    target: { compare: '<=', limit: TARGETS.saleP99, of: 'value' },
  });
  record('soak-list-p95', {
    name: counted(
      `p95 of a console order list through nginx (administrator and an agent's manager, 1/s each), ${listMs.length} lists, ${listFailures} failed; median ${median(listMs).toFixed(1)} ms`,
    ),
    value: Math.round(quantile(listMs, 0.95) * 10) / 10,
    unit: 'ms',
    target: { compare: '<=', limit: TARGETS.listP95, of: 'value' },
  });
  for (const [slot, peak] of [...peakRss.entries()].sort(([a], [b]) => a - b)) {
    record(`soak-memory-${slot}`, {
      name: counted(
        `console ${slot}'s peak memory (RSS, sampled each second${slot === victim.slot ? '; over both its lives' : ''})`,
      ),
      value: peak,
      unit: 'MiB',
      target: { compare: '<=', limit: TARGETS.memory, of: 'value' },
    });
  }
  await Promise.all(machines.map((machine) => machine.end().catch(() => undefined)));
} finally {
  await stack.close();
}
process.exit(0);
