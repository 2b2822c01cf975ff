// `npm run simulate -- --machines 10 --speed 60`: virtual water machines selling through a running
// server's gateway, connected to its MQTT broker (`--mqtt mqtt://127.0.0.1:1883` unless told;
// `--mqtt-url mqtts://broker:8883`, or MQTT_URL, names an external broker instead, where they sign
// in with their fixed password; `--http` makes them poll the HTTP gateway instead), with a daily rhythm, short fills, failed
// dispenses, members using coupons and water cards, water-quality faults and offline spells. The
// machines are read from a JSON file of `{ serialNo, secret }` and the cards from one of
// `{ cardNo, cardSecret }` (by default those `SEED_DEMO=1` writes into the data directory).
//
// `npm run simulate -- --backfill --machines 300 --months 12 --per-day 90`: a distributor's
// history written straight into the database (DATABASE_URL, or the embedded one in DATA_DIR while
// no server holds it), for scale tests.
//
// The machines obey remote commands (on their command topic over MQTT, on their heartbeats'
// answers over HTTP; a share given by --refuse is refused), apply their desired settings and sell
// nothing while locked. They take firmware updates (downloaded from --url, resumed after a
// simulated drop, checked against their SHA-256); those of a share of the machines given by
// --firmware-fail (chosen by serial number, so the same machines fail every run) fail to install.
//
// `--technician user:password` (or SIMULATOR_TECHNICIAN) adds a technician who signs in (the
// server's CAPTCHA_TEST_ANSWER, or --captcha, as the code) and every 15 s moves each of their open
// work orders one step on: the machines' faults become repair orders that get done.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { Channel } from '@water/contract/gateway';
import { openPglite, openPostgres } from '../db/client.ts';
import { backfill } from './backfill.ts';
import { failsFirmware } from './firmware-install.ts';
import { MqttMachine } from './mqtt-machine.ts';
import { drawSale, salesPerSecond, troublePerBeat } from './sales-pattern.ts';
import { httpSend, SimulatedTechnician } from './simulated-technician.ts';
import { type GatewayMachine, type MachineIdentity, VirtualMachine } from './virtual-machine.ts';

async function main() {
  const { values } = parseArgs({
    options: {
      url: { type: 'string', default: process.env.SIMULATOR_URL ?? 'http://127.0.0.1:8000' },
      mqtt: { type: 'string', default: process.env.SIMULATOR_MQTT_URL ?? 'mqtt://127.0.0.1:1883' },
      /** An external broker (the server's MQTT_URL): the machines sign in with their fixed password. */
      'mqtt-url': { type: 'string', default: process.env.MQTT_URL },
      http: { type: 'boolean', default: false },
      machines: { type: 'string', default: '10' },
      speed: { type: 'string', default: '1' },
      file: { type: 'string', default: path.join(process.env.DATA_DIR ?? './data', 'demo-machines.json') },
      cards: { type: 'string', default: path.join(process.env.DATA_DIR ?? './data', 'demo-cards.json') },
      backfill: { type: 'boolean', default: false },
      months: { type: 'string', default: '12' },
      'per-day': { type: 'string', default: '90' },
      /** The share of remote commands a machine refuses (it acknowledges them FAILED). */
      refuse: { type: 'string', default: '0.05' },
      /** The share of machines whose firmware updates fail to install (0–1). */
      'firmware-fail': { type: 'string', default: '0.02' },
      technician: { type: 'string', default: process.env.SIMULATOR_TECHNICIAN },
      captcha: { type: 'string', default: process.env.CAPTCHA_TEST_ANSWER },
    },
  });
  if (values.backfill) {
    const machines = Number(values.machines);
    const months = Number(values.months);
    const perDay = Number(values['per-day']);
    if (![machines, months, perDay].every((value) => Number.isInteger(value) && value > 0)) {
      console.error('usage: npm run simulate -- --backfill --machines N --months M --per-day S');
      process.exit(2);
    }
    void runBackfill({ machines, days: Math.round(months * 30.4), perDay });
    return;
  }
  const count = Number(values.machines);
  const speed = Number(values.speed);
  if (!Number.isInteger(count) || count < 1 || !(speed > 0)) {
    console.error(
      'usage: npm run simulate -- --machines N --speed X [--url http://host:port] [--mqtt mqtt://host:port | --mqtt-url mqtts://broker:port | --http] [--refuse share] [--firmware-fail share] [--file machines.json]',
    );
    process.exit(2);
  }
  let known: MachineIdentity[];
  try {
    known = JSON.parse(readFileSync(values.file, 'utf8')) as MachineIdentity[];
  } catch {
    console.error(`No machines in ${values.file}: start the server once with SEED_DEMO=1, or give --file.`);
    process.exit(2);
  }
  if (known.length < count) {
    console.error(`${values.file} holds ${known.length} machines; asked for ${count}.`);
    process.exit(2);
  }
  const notifyKey = process.env.PAYMENT_NOTIFY_KEY;
  const cards = readCards(values.cards);
  const channels: Channel[] = [
    ...(notifyKey ? (['WECHAT', 'ALIPAY'] as const) : []),
    ...(cards.length > 0 ? (['CARD'] as const) : []),
    'COIN',
  ];
  if (!notifyKey) console.log('PAYMENT_NOTIFY_KEY is not set: selling without WeChat Pay and Alipay.');
  if (cards.length === 0) console.log(`No water cards in ${values.cards}: selling without cards.`);
  /** A card sale pays with one of the cards at random (refused when it runs short: the sale is counted refused). */
  const withCard = <T extends { channel: Channel }>(sale: T) =>
    sale.channel === 'CARD' ? { ...sale, card: cards[Math.floor(Math.random() * cards.length)] } : sale;
  const channel = notifyKey ? { baseUrl: values.url, notifyKey } : undefined;
  const refuseShare = Number(values.refuse);
  const firmwareFailShare = Number(values['firmware-fail']);
  const broker = brokerOf(values.mqtt, values['mqtt-url']);
  const machines = known.slice(0, count).map((identity) => {
    const machine: GatewayMachine = values.http
      ? new VirtualMachine(values.url, identity, notifyKey)
      : new MqttMachine(broker.url, identity, { channel, password: broker.password, httpUrl: values.url });
    if (failsFirmware(identity.serialNo, firmwareFailShare)) machine.firmwareFailure = 'flash write failed';
    // Some commands are refused, as a machine whose door is open or whose tank is low would.
    machine.refusal = (command) =>
      Math.random() < refuseShare
        ? command.type === 'TEST_DISPENSE'
          ? 'the tank is too low to test'
          : 'the service door is open'
        : undefined;
    // The public page's orders fill at about a real tap's pace, sped up with the simulation.
    machine.msPerLitre = Math.max(10, 2000 / speed);
    return machine;
  });
  const totals = { sales: 0, refused: 0, heartbeats: 0, coupons: 0 };
  /** Regular customers: one sale in ten is a member's, who uses a coupon when one is at hand. */
  const members = Array.from({ length: 200 }, (_, index) => `1390000${String(index).padStart(4, '0')}`);
  const memberSale = async (machine: GatewayMachine, sale: ReturnType<typeof drawSale>) => {
    const memberPhone = members[Math.floor(Math.random() * members.length)] as string;
    // Coupons are looked up over HTTP only: a machine on MQTT sells to the member without one.
    if (!(machine instanceof VirtualMachine)) return machine.sell(withCard({ ...sale, memberPhone }));
    const held = await machine.coupons(memberPhone);
    let code = held.coupons[0]?.code;
    const offer = held.claimable[0];
    if (!code && offer && Math.random() < 0.3) {
      code = (await machine.claim({ memberPhone, templateId: offer.templateId }).catch(() => undefined))?.code;
    }
    if (code) totals.coupons++;
    return machine.sell(withCard({ ...sale, memberPhone, ...(code ? { couponCode: code } : {}) }));
  };
  const offlineUntil = new Map<GatewayMachine, number>();
  const trouble = troublePerBeat(speed);

  const beat = async (machine: GatewayMachine) => {
    if ((offlineUntil.get(machine) ?? 0) > Date.now()) return;
    // Now and then a machine drops off the network for a while (long enough for the server to
    // notice, whatever the speed), or its water quality slips.
    const dropping = Math.random() < trouble.offline;
    if (dropping) offlineUntil.set(machine, Date.now() + 6 * 60_000);
    const tdsOut = Math.random() < trouble.waterSlip ? 80 : 8 + Math.floor(Math.random() * 6);
    await machine.heartbeat({ signal: 18 + Math.floor(Math.random() * 12), tdsIn: 150, tdsOut, tankLevel: 60 });
    totals.heartbeats++;
    if (dropping && machine instanceof MqttMachine) dropFor(machine, 6 * 60_000);
  };
  const tick = async () => {
    const hour = new Date().getHours();
    await Promise.all(
      machines.map(async (machine) => {
        if ((offlineUntil.get(machine) ?? 0) > Date.now() || machine.locked) return;
        if (Math.random() >= salesPerSecond(hour, speed)) return;
        try {
          const sale = drawSale(Math.random, channels);
          await (Math.random() < 0.1 ? memberSale(machine, sale) : machine.sell(withCard(sale)));
          totals.sales++;
        } catch (error) {
          totals.refused++;
          console.error(String(error));
        }
      }),
    );
  };
  /** An MQTT machine's connection breaks, and comes back after a while. */
  const dropFor = (machine: MqttMachine, ms: number) => {
    machine.drop({ stayAway: true });
    setTimeout(() => void machine.connect().catch((error) => console.error(String(error))), ms);
  };
  const connecting = machines.map((machine) =>
    machine instanceof MqttMachine ? machine.connect() : Promise.resolve(),
  );
  await Promise.all(connecting).catch((error) => {
    console.error(`Could not connect to ${broker.url} (${String(error)}): is the server running, or give --http.`);
    process.exit(1);
  });
  for (const machine of machines) void beat(machine).catch((error) => console.error(String(error)));
  setInterval(() => {
    for (const machine of machines) void beat(machine).catch((error) => console.error(String(error)));
  }, 60_000);
  setInterval(() => void tick(), 1000);
  if (values.technician) startTechnician(values.url, values.technician, values.captcha ?? '');
  setInterval(
    () =>
      console.log(
        `sales ${totals.sales} (${totals.coupons} with a coupon), refused ${totals.refused}, heartbeats ${totals.heartbeats}`,
      ),
    10_000,
  );
  console.log(`${count} machines selling at ${speed}× through ${values.http ? values.url : broker.url}; Ctrl+C stops.`);
}

/** A simulated technician working their orders through the API every 15 s. */
function startTechnician(url: string, account: string, captcha: string) {
  const [username = '', ...rest] = account.split(':');
  const technician = new SimulatedTechnician(httpSend(url), {
    username,
    password: rest.join(':'),
    captcha: async () => captcha,
  });
  setInterval(
    () =>
      void technician
        .round()
        .then((steps) => steps > 0 && console.log(`technician ${username}: ${steps} work-order steps`))
        .catch((error) => console.error(String(error))),
    15_000,
  );
  console.log(`Technician ${username} works their orders through ${url}.`);
}

/** The water cards of a `{ cardNo, cardSecret }[]` file; none when there is no such file. */
function readCards(file: string): { cardNo: string; cardSecret: string }[] {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as { cardNo: string; cardSecret: string }[];
  } catch {
    return [];
  }
}

/** Opens the database the server would, writes the history, and says how long it took. */
async function runBackfill(options: { machines: number; days: number; perDay: number }) {
  const started = Date.now();
  const url = process.env.DATABASE_URL;
  const database = url
    ? await openPostgres(url)
    : await openPglite({ dataDir: process.env.DATA_DIR ?? './data' }).catch((error: unknown) => {
        console.error(`Could not open the embedded database (stop the server first): ${String(error)}`);
        process.exit(1);
      });
  try {
    const made = await backfill(database.db, {
      ...options,
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      progress: (message) => console.log(message),
    });
    console.log(
      `${made.orders.toLocaleString('en')} orders of ${options.machines} machines over ${options.days} days in ` +
        `${Math.round((Date.now() - started) / 1000)} s (distributor agent ${made.topAgentId})`,
    );
  } finally {
    await database.close();
  }
}

void main();

/**
 * Where the machines connect: the server's own broker with one-time passwords, or an external
 * one (its URL as the server is given it: the console's credentials in it are left out) with
 * their fixed passwords.
 */
function brokerOf(embedded: string, external: string | undefined) {
  if (!external) return { url: embedded, password: 'one-time' as const };
  const url = new URL(external);
  return { url: `${url.protocol}//${url.host}`, password: 'fixed' as const };
}
