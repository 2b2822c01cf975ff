/**
 * Remote commands to a connected fleet, and a restart under it: the console runs from its bundle
 * (as `npm start` runs it) on a data directory holding 1,000 operating machines, all connected to
 * its embedded broker; then, from this process,
 *   - 1,000 commands round trip, 5 at a time (five staff sending at once): each sent by staff (`POST /api/machines/:id/commands`),
 *     pushed to its machine, obeyed and acknowledged (receipt, then the result), timed from the
 *     request to the result's arrival at the broker; afterwards every one must read Succeeded;
 *   - one command to all 1,000 at once (`POST /api/commands/batches`): the share acknowledged as
 *     done within 60 s, and how long the first 99.9 % took;
 *   - the server stopped and started again under the 1,000 (they reconnect by themselves): the
 *     offline alarms raised once the reconnection window and an offline check have passed;
 *   - one machine falls silent (its connection left open, nothing sent): how long until the
 *     console shows it offline, with the machines' keepalive of 60 s.
 * Clients run on the first CPU, the server on the others where the machine allows.
 *
 *   npx tsx bench/mqtt-commands.ts
 */
import { rm } from 'node:fs/promises';
import type { CommandAck } from '@water/contract/commands';
import { buildServer } from '../apps/server/scripts/build.mjs';
import { MqttMachine } from '../apps/server/src/simulator/mqtt-machine.ts';
import { benchBroker } from './brokers.ts';
import { fleetDirectory } from './fleet.ts';
import { median, quantile, record } from './results.ts';
import { type ConsoleProcess, separateClientsFromServer, signIn, startConsole } from './server-process.ts';

const HTTP_PORT = 8798;
const MQTT_PORT = 18798;
const MACHINES = Number(process.env.BENCH_MACHINES ?? 1000);
const ROUND_TRIPS = 1000;
const AT_ONCE = 5;
const BATCH_WINDOW_MS = 60_000;
const OFFLINE_AFTER = '60s';

/** A machine that tells when the result of a command has reached the broker. */
class TimedMachine extends MqttMachine {
  readonly #done = new Map<string, () => void>();
  readonly finished = new Set<string>();

  /** Resolves when the machine has sent the result of the command `commandId`. */
  resultOf(commandId: string): Promise<void> {
    if (this.finished.has(commandId)) return Promise.resolve();
    return new Promise((resolve) => this.#done.set(commandId, resolve));
  }

  protected override async acknowledge(ack: CommandAck): Promise<void> {
    await super.acknowledge(ack);
    if (ack.result === 'DELIVERED') return;
    this.finished.add(ack.commandId);
    this.#done.get(ack.commandId)?.();
    this.#done.delete(ack.commandId);
  }
}

const split = separateClientsFromServer();
const { dataDir, fleet } = await fleetDirectory('MC', MACHINES);

const broker = await benchBroker(fleet, MQTT_PORT);
const bundle = await buildServer();
const start = () =>
  startConsole(
    bundle,
    dataDir,
    HTTP_PORT,
    { ...broker.consoleEnv, OFFLINE_AFTER, LOG_LEVEL: 'warn' },
    { cpus: split.cpus },
  );
let server: ConsoleProcess = await start();
const machines = fleet.map(
  (identity) => new TimedMachine(broker.machineUrl, identity, { ...broker.machineOptions, reconnectPeriod: 1000 }),
);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

try {
  let authorization = await signIn(server.base);
  const api = async <T>(method: string, url: string, body?: unknown): Promise<T> => {
    const answer = await fetch(`${server.base}${url}`, {
      method,
      headers: { authorization, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    if (!answer.ok) throw new Error(`${method} ${url}: ${answer.status} ${await answer.text()}`);
    return (await answer.json()) as T;
  };
  const onlineCount = async () =>
    (await api<{ totalElements: number }>('GET', '/api/machines?online=true&size=1')).totalElements;

  for (let at = 0; at < machines.length; at += 200) {
    await Promise.all(machines.slice(at, at + 200).map((machine) => machine.connect()));
  }
  while ((await onlineCount()) < MACHINES) await sleep(200);

  // Round trips: staff send, the machine obeys and reports; 20 in flight at a time.
  const roundTrips: number[] = [];
  const sent: { machineId: number; commandId: string }[] = [];
  for (let done = 0; done < ROUND_TRIPS; done += AT_ONCE) {
    await Promise.all(
      Array.from({ length: AT_ONCE }, async (_, index) => {
        const at = (done + index) % MACHINES;
        const machine = machines[at] as TimedMachine;
        const machineId = (fleet[at] as { id: number }).id;
        const started = performance.now();
        const command = await api<{ commandId: string }>('POST', `/api/machines/${machineId}/commands`, {
          type: 'SYNC_CLOCK',
        });
        await machine.resultOf(command.commandId);
        roundTrips.push(performance.now() - started);
        sent.push({ machineId, commandId: command.commandId });
      }),
    );
  }
  // None lost: the console has each one as done.
  await sleep(500);
  const states = new Map<string, number>();
  for (let at = 0; at < sent.length; at += AT_ONCE) {
    await Promise.all(
      sent.slice(at, at + AT_ONCE).map(async ({ machineId, commandId }) => {
        const page = await api<{ content: { commandId: string; state: string }[] }>(
          'GET',
          `/api/machines/${machineId}/commands?size=50`,
        );
        const state = page.content.find((command) => command.commandId === commandId)?.state ?? 'MISSING';
        states.set(state, (states.get(state) ?? 0) + 1);
      }),
    );
  }
  const succeeded = states.get('SUCCEEDED') ?? 0;

  // One command to the whole fleet.
  const batchStarted = performance.now();
  const batch = await api<{ id: number }>('POST', '/api/commands/batches', {
    machineIds: fleet.map((machine) => machine.id),
    type: 'REQUEST_STATUS',
  });
  const needed = Math.ceil(MACHINES * 0.999);
  let tookMs: number | undefined;
  let acknowledged = 0;
  while (performance.now() - batchStarted < BATCH_WINDOW_MS) {
    const progress = await api<{ counts: Record<string, number> }>('GET', `/api/commands/batches/${batch.id}`);
    acknowledged = progress.counts.SUCCEEDED ?? 0;
    if (acknowledged >= needed && tookMs === undefined) tookMs = performance.now() - batchStarted;
    if (acknowledged === MACHINES) break;
    await sleep(100);
  }

  // The broker goes away and comes back under the fleet (the embedded one with its server); they
  // reconnect by themselves.
  const restartedAt = Date.now();
  if (broker.restart) await broker.restart();
  else {
    await server.stop();
    server = await start();
    authorization = await signIn(server.base);
  }
  await sleep(1000);
  while ((await onlineCount()) < MACHINES) await sleep(500);
  const backSeconds = (Date.now() - restartedAt) / 1000;
  // Past the reconnection window, and past an offline check after it.
  await sleep(150_000);
  const alarms = await api<{ totalElements: number }>('GET', '/api/alarms?type=OFFLINE&unresolved=true&size=1');
  const stillOnline = await onlineCount();

  // One goes silent, its connection left open: the broker counts its keepalive out.
  const silent = machines[0] as TimedMachine;
  const silentId = (fleet[0] as { id: number }).id;
  const silentAt = performance.now();
  silent.fallSilent();
  let offlineSeconds = Number.NaN;
  while (performance.now() - silentAt < 150_000) {
    const shown = await api<{ online: boolean }>('GET', `/api/machines/${silentId}`);
    if (!shown.online) {
      offlineSeconds = (performance.now() - silentAt) / 1000;
      break;
    }
    await sleep(1000);
  }

  record(broker.key('mqtt-command-round-trip'), {
    name: `p99 of a command's round trip over ${broker.label} (staff send it, the machine obeys and reports), ${ROUND_TRIPS} commands ${AT_ONCE} at a time, ${MACHINES} machines connected; median ${median(roundTrips).toFixed(1)} ms; ${succeeded} of ${sent.length} read Succeeded afterwards; ${split.described}`,
    value: Math.round(quantile(roundTrips, 0.99) * 10) / 10,
    unit: 'ms',
    target: { compare: '<=', limit: 200, of: 'value' },
  });
  record(broker.key('mqtt-commands-lost'), {
    name: `commands of the ${ROUND_TRIPS} round trips not read as Succeeded afterwards (${[...states].map(([state, count]) => `${state} ${count}`).join(', ')})`,
    value: sent.length - succeeded + (ROUND_TRIPS - sent.length),
    unit: 'commands',
    target: { compare: '<=', limit: 0, of: 'value' },
  });
  record(broker.key('mqtt-batch-acknowledged'), {
    name: `share of one command to ${MACHINES} machines connected to ${broker.label} acknowledged as done within 60 s; 99.9 % took ${tookMs === undefined ? 'longer than 60 s' : `${(tookMs / 1000).toFixed(1)} s`}`,
    value: Math.round((acknowledged / MACHINES) * 10000) / 100,
    unit: '%',
    target: { compare: '>=', limit: 99.9, of: 'value' },
  });
  record(broker.key('mqtt-restart-alarms'), {
    name: `offline alarms after ${broker.restart ? 'mosquitto' : 'the server (and its embedded broker)'} restarted under ${MACHINES} connected machines, 150 s after all were back (${backSeconds.toFixed(1)} s after the restart); ${stillOnline} online then`,
    value: alarms.totalElements,
    unit: 'alarms',
    target: { compare: '<=', limit: 0, of: 'value' },
  });
  record(broker.key('mqtt-silent-offline'), {
    name: `seconds until a machine connected to ${broker.label} that fell silent (connection left open, keepalive 60 s) shows offline`,
    value: Math.round(offlineSeconds * 10) / 10,
    unit: 's',
    target: { compare: '<=', limit: 90, of: 'value' },
  });
} finally {
  await Promise.all(machines.map((machine) => machine.end().catch(() => undefined)));
  await server.stop();
  await broker.close();
  await rm(dataDir, { recursive: true, force: true });
}
