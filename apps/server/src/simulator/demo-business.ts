import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { DEFAULT_FILTER_STAGES } from '@water/contract/filters';
import type { Channel } from '@water/contract/gateway';
import { asFen } from '@water/contract/money';
import { count, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client.ts';
import type { PrincipalCache } from '../domain/principal.ts';
import type { Clock } from '../lib/time.ts';
import { agents } from '../modules/agents/agents.read-model.ts';
import type { AgentsService } from '../modules/agents/agents.service.ts';
import type { CardsService } from '../modules/cards/cards.service.ts';
import type { CouponsService } from '../modules/coupons/coupons.service.ts';
import type { FiltersService } from '../modules/filters/filters.service.ts';
import { machineModels } from '../modules/machines/machines.read-model.ts';
import type { MachinesService } from '../modules/machines/machines.service.ts';
import type { OrdersService, SellingMachine } from '../modules/orders/orders.service.ts';
import type { PricePoliciesService } from '../modules/price-policies/price-policies.service.ts';
import { sites } from '../modules/sites/sites.read-model.ts';
import type { SitesService } from '../modules/sites/sites.service.ts';
import type { TelemetryService } from '../modules/telemetry/telemetry.service.ts';
import { users } from '../modules/users/users.read-model.ts';
import { cardToPay, DEMO_CARDS_FILE, seedDemoCards } from './demo-cards.ts';
import { DEMO_NAMES, type DemoLanguage } from './demo-names.ts';
import { drawSale, HOURLY_SHARE } from './sales-pattern.ts';
import type { MachineIdentity } from './virtual-machine.ts';

/** The file, in the data directory, that lists the demo machines with their secrets, for `npm run simulate`. */
export const DEMO_MACHINES_FILE = 'demo-machines.json';

const DAY_MS = 86_400_000;
/** Sales each demo machine made on each day of its past week. */
const SALES_PER_DAY = 14;

interface Services {
  agents: AgentsService;
  sites: SitesService;
  machines: MachinesService;
  policies: PricePoliciesService;
  orders: OrdersService;
  coupons: CouponsService;
  cards: CardsService;
  telemetry: Pick<TelemetryService, 'seedDemoHistory'>;
  filters: Pick<FiltersService, 'setStages'>;
}

/** A small pseudo-random sequence, so that every demo installation tells the same week. */
function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

/**
 * `SEED_DEMO=1`: a small business to look at on first start: two agents (a province and a city
 * beneath it), four sites, six machines selling, a price policy, coupons, water cards, a week
 * of their sales and 90 days of their readings, made through the same services as real traffic, named in the language chosen
 * (DEMO_LANGUAGE). Runs once, on a database with no agent yet; the machines' secrets go to
 * DATA_DIR/demo-machines.json and the cards' to DATA_DIR/demo-cards.json (for `npm run simulate`).
 */
export async function seedDemoBusiness(
  { db, clock, principals, log }: { db: Database; clock: Clock; principals: PrincipalCache; log: FastifyBaseLogger },
  services: Services,
  { dataDir, language }: { dataDir: string; language: DemoLanguage },
): Promise<void> {
  const names = DEMO_NAMES[language];
  const [existing] = await db.select({ n: count() }).from(agents);
  if ((existing?.n ?? 0) > 0) return;
  const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.username, 'admin'));
  const principal = admin && (await principals.get(admin.id));
  if (!principal) return;
  const started = Date.now();

  const agentTerms = {
    contactName: names.contactName,
    contactPhone: '13800138000',
    commissionRate: '20',
    machineQuota: 10,
  };
  await services.agents.create(principal, {
    code: 'EC',
    name: names.province,
    level: 'PROVINCE',
    parentId: null,
    ...agentTerms,
  });
  const [province] = await db.select().from(agents).where(eq(agents.code, 'EC'));
  if (!province) return;
  await services.agents.review(principal, province.id, { action: 'APPROVE' });
  await services.agents.create(principal, {
    code: 'HZ',
    name: names.city,
    level: 'CITY',
    parentId: province.id,
    ...agentTerms,
    commissionRate: '15',
    machineQuota: 4,
  });
  const [city] = await db.select().from(agents).where(eq(agents.code, 'HZ'));
  if (!city) return;
  await services.agents.review(principal, city.id, { action: 'APPROVE' });

  const [lakeside, school, westLake, binjiang] = names.sites;
  // Where each site stands (Pudong and Yangpu in Shanghai, Xihu and Binjiang in Hangzhou), for the map.
  const siteSeeds = [
    { agentId: province.id, type: 'RESIDENTIAL', ...lakeside, longitude: '121.544379', latitude: '31.221517' },
    { agentId: province.id, type: 'SCHOOL', ...school, longitude: '121.506377', latitude: '31.283459' },
    { agentId: city.id, type: 'RESIDENTIAL', ...westLake, longitude: '120.130396', latitude: '30.279281' },
    { agentId: city.id, type: 'OFFICE', ...binjiang, longitude: '120.211995', latitude: '30.208377' },
  ];
  for (const site of siteSeeds) {
    await services.sites.create(principal, { ...site, feeType: 'RENT', feeValue: 30_000 });
  }
  const siteRows = await db.select({ id: sites.id, agentId: sites.agentId }).from(sites);

  await services.machines.createModel(principal, {
    code: 'RO-400',
    name: names.model,
    taps: 2,
    waterTypes: 'COLD,HOT',
    tankLitres: 60,
    outputLph: 60,
    billing: 'FLOW',
    pulsesPerLitre: 450,
  });
  const [model] = await db.select().from(machineModels).where(eq(machineModels.code, 'RO-400'));
  if (!model) return;
  await services.filters.setStages(model.id, { stages: [...DEFAULT_FILTER_STAGES] });
  await services.policies.create(principal, {
    name: names.policy,
    scope: 'ALL',
    priceWechat: asFen(50),
    priceAlipay: asFen(50),
    priceCard: asFen(40),
    priceCoin: asFen(50),
    discountPct: '0',
    effectiveFrom: '2020-01-01 00:00:00',
  });

  const identities: MachineIdentity[] = [];
  const selling: SellingMachine[] = [];
  for (let index = 0; index < 6; index++) {
    const site = siteRows[index % siteRows.length];
    if (!site) return;
    const { machine, secret } = await services.machines.register(principal, {
      serialNo: `DEMO-${String(index + 1).padStart(3, '0')}`,
      modelId: model.id,
    });
    await services.machines.allocate(principal, { machineIds: [machine.id], agentId: site.agentId });
    await services.machines.changeLifecycle(principal, machine.id, { action: 'INSTALL', siteId: site.id });
    identities.push({ serialNo: machine.serialNo, secret });
    selling.push({
      id: machine.id,
      serialNo: machine.serialNo,
      modelId: model.id,
      agentId: site.agentId,
      siteId: site.id,
      lifecycle: 'OPERATING',
    });
  }

  // Coupons: a welcome gift with a member's first order, and one pushed to twenty regulars.
  const members = Array.from({ length: 20 }, (_, index) => `1380000${String(index + 1).padStart(4, '0')}`);
  const couponTerms = {
    minSpend: asFen(0),
    scope: 'ALL',
    total: 0,
    perMember: 1,
    validType: 'DAYS',
    validDays: 30,
    fundedBy: 'PLATFORM',
  } as const;
  await services.coupons.create(principal, {
    ...couponTerms,
    name: names.welcomeCoupon,
    type: 'AMOUNT_OFF',
    value: 100,
    issueType: 'FIRST_ORDER',
  });
  await services.coupons.create(principal, {
    ...couponTerms,
    name: names.regularsCoupon,
    type: 'PERCENT_OFF',
    value: 20,
    maxDiscount: asFen(200),
    issueType: 'PUSH',
  });
  const templates = await services.coupons.list(principal, { page: 0, size: 10 });
  for (const template of templates.content) await services.coupons.setStatus(principal, template.id, 'ACTIVE');
  const pushed = templates.content.find((template) => template.issueType === 'PUSH');
  if (pushed) await services.coupons.push(principal, pushed.id, { phones: members });
  // Water cards of the province, taken by every demo machine: five regulars' and five anonymous.
  const cards = await seedDemoCards(services.cards, principal, province.id, members.slice(0, 5));

  // A week of sales, each day shaped like a real one, made as the machines would report them;
  // one in eight is a regular's, who uses a coupon when one is at hand.
  const random = seeded(20_261_123);
  const channels: Channel[] = ['WECHAT', 'ALIPAY', 'CARD', 'COIN'];
  const total = HOURLY_SHARE.reduce((sum, share) => sum + share, 0);
  /** The hour a point of the day's sales falls in. */
  const hourOf = (point: number) => {
    let left = point;
    for (const [hour, share] of HOURLY_SHARE.entries()) {
      left -= share;
      if (left <= 0) return hour;
    }
    return 23;
  };
  const today = new Date(clock.now());
  today.setHours(0, 0, 0, 0);
  let sales = 0;
  for (const machine of selling) {
    for (let day = 6; day >= 0; day--) {
      for (let sale = 0; sale < SALES_PER_DAY; sale++) {
        const hour = hourOf(random() * total);
        const at = today.getTime() - day * DAY_MS + hour * 3_600_000 + Math.floor(random() * 3_600_000);
        if (at > clock.now().getTime() - 60_000) continue;
        const { channel, requestedMl, outcome } = drawSale(random, channels);
        const machineOrderNo = `D${machine.id}-${day}-${sale}`;
        const memberPhone = random() < 0.125 ? members[Math.floor(random() * members.length)] : undefined;
        const held = memberPhone ? (await services.coupons.memberCoupons(machine, { memberPhone })).coupons : [];
        const { order } = await services.orders.createFromMachine(machine, {
          machineOrderNo,
          tap: 1,
          waterType: 'COLD',
          requestedMl,
          channel,
          createdAt: at,
          ...(memberPhone ? { memberPhone } : {}),
          ...(held[0] ? { couponCode: held[0].code } : {}),
        });
        if (order.state === 'PAID') {
          // A coupon covered the whole sale.
        } else if (channel === 'CARD' || channel === 'COIN') {
          const card =
            channel === 'CARD'
              ? await cardToPay(
                  services.cards,
                  principal,
                  cards[Math.floor(random() * cards.length)] as (typeof cards)[number],
                  order.payable,
                )
              : undefined;
          await services.orders.payByMachine(machine, machineOrderNo, {
            channel,
            amount: order.payable,
            paidAt: at + 5_000,
            ...(card ? { cardNo: card.cardNo, cardSecret: card.cardSecret } : {}),
          });
        } else {
          await services.orders.payByChannel(channel, {
            orderNo: order.orderNo,
            transactionId: `demo-${order.orderNo}`,
            amount: order.payable,
            paidAt: at + 5_000,
          });
        }
        await services.orders.dispense(machine, machineOrderNo, {
          result: outcome === 'FAILED' ? 'FAILED' : 'COMPLETED',
          dispensedMl: outcome === 'SHORT' ? Math.floor(requestedMl * 0.6) : outcome === 'FAILED' ? 0 : requestedMl,
          endedAt: at + 40_000,
        });
        sales++;
      }
    }
  }
  // 90 days of readings, so that the machines' telemetry charts are not empty on first start.
  await services.telemetry.seedDemoHistory(selling.map((machine) => machine.id));
  const cardFile = cards.map(({ cardNo, cardSecret }) => ({ cardNo, cardSecret }));
  await writeFile(path.join(dataDir, DEMO_CARDS_FILE), `${JSON.stringify(cardFile, null, 2)}\n`, { mode: 0o600 });
  await writeFile(path.join(dataDir, DEMO_MACHINES_FILE), `${JSON.stringify(identities, null, 2)}\n`, { mode: 0o600 });
  log.info(
    {
      agents: 2,
      sites: siteRows.length,
      machines: selling.length,
      cards: cards.length,
      sales,
      ms: Date.now() - started,
    },
    'demo business seeded',
  );
}
