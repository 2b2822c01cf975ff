import { randomInt } from 'node:crypto';
import type { Prices } from '@water/contract/gateway';
import { asFen, type Fen } from '@water/contract/money';
import {
  CONSUMER_VOLUMES_ML,
  type ConsumerReport,
  type ConsumerReportInput,
  notSellingReason,
  type OrderReport,
  type PublicMachine,
  waterVerdictOf,
} from '@water/contract/public-machines';
import type { FastifyReply } from 'fastify';
import { percentOf } from '../../domain/money.ts';
import { inScope, type Principal } from '../../domain/principal.ts';
import type { Deps } from '../../lib/deps.ts';
import { kindOf } from '../../lib/file-kinds.ts';
import type { FileStore } from '../../lib/file-storage.ts';
import { invalidField, noSuch, notFound } from '../../lib/http-errors.ts';
import type { TextRef } from '../../lib/texts.ts';
import { formatDateTime, formatDay } from '../../lib/time.ts';
import type { AlarmsService } from '../alarms/alarms.service.ts';
import { maskPhone } from '../members/members.service.ts';
import type { OrderAccess } from '../orders/order-access.ts';
import type { PricedMachine } from '../price-policies/price-policies.service.ts';
import { type PublicMachineRow, consumerRepository as repo } from './consumer.repository.ts';

/** The channels consumers pay with on the page. */
export type PageChannel = 'WECHAT' | 'ALIPAY';

/** A report may name an order of the machine made this recently (a consumer reports what just happened). */
const REPORT_ORDER_WINDOW_MS = 48 * 3600_000;
/** The largest fill a consumer may ask for at once, in ml. */
const MAX_ML = Math.max(...CONSUMER_VOLUMES_ML);
const PHOTO_MIMES = ['image/jpeg', 'image/png', 'image/webp'];

export interface ConsumerNeeds {
  alarms: AlarmsService;
  pricesFor(machine: PricedMachine): Promise<(Prices & { policyId: number }) | null>;
  servicePhone(): Promise<string | null>;
  files: FileStore;
  access: OrderAccess;
  /** The channels a consumer can pay with now (wired to the payments module; none by default). */
  channels?: () => Promise<readonly PageChannel[]>;
}

export type ConsumerService = ReturnType<typeof createConsumerService>;

/** A price per litre after the policy's discount, as an order's discount takes it off. */
const discounted = (price: Fen, discountPct: string): Fen =>
  asFen(price - Math.min(price, percentOf(price, discountPct)));

/**
 * The consumer's side of a machine: what its page shows (read through the other modules' read
 * models and services, never a staff field), and the problems consumers report, which become the
 * machine's CONSUMER_REPORT alarm (and thus a repair order after the alarm type's delay).
 */
export function createConsumerService({ db, clock }: Pick<Deps, 'db' | 'clock'>, needs: ConsumerNeeds) {
  const channels = needs.channels ?? (async () => []);

  async function installed(code: string): Promise<PublicMachineRow> {
    const row = await repo.machineByCode(db, code);
    if (!row) throw notFound({ key: 'errors.consumer.noMachine' });
    return row;
  }

  async function storedPhoto(dataUrl: string | undefined): Promise<string | null> {
    if (!dataUrl) return null;
    const bytes = Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
    const kind = await kindOf(bytes, '');
    if (!kind || !PHOTO_MIMES.includes(kind.mime)) {
      throw invalidField('photo', { key: 'errors.consumer.photoNotImage' }, 'format');
    }
    return needs.files.save(bytes, kind.extension);
  }

  return {
    /** What anyone who scans the machine's sticker reads. */
    async machine(code: string): Promise<PublicMachine> {
      const row = await installed(code);
      const [prices, filtersChanged, servicePhone, payable] = await Promise.all([
        needs.pricesFor(row),
        repo.filtersChangedAt(db, row.id),
        needs.servicePhone(),
        channels(),
      ]);
      const notSelling = notSellingReason({ ...row, priced: prices !== undefined && prices !== null });
      const waterTypes = row.waterTypes
        .split(',')
        .filter((type): type is 'COLD' | 'HOT' => type === 'COLD' || type === 'HOT');
      const address = [row.province, row.city, row.district, row.address].filter(Boolean).join(' ');
      return {
        code: row.stickerCode,
        name: row.modelName,
        siteName: row.siteName,
        siteAddress: address || null,
        selling: notSelling === null,
        notSelling,
        taps: Array.from({ length: Math.max(1, row.taps) }, (_, index) => ({ tap: index + 1, waterTypes })),
        unitPrices: prices
          ? {
              WECHAT: discounted(prices.WECHAT, prices.discountPct),
              ALIPAY: discounted(prices.ALIPAY, prices.discountPct),
              CARD: discounted(prices.CARD, prices.discountPct),
            }
          : null,
        memberPrice: prices?.memberPrice ?? null,
        fillUntilStop: row.billing === 'FLOW',
        volumesMl: [...CONSUMER_VOLUMES_ML],
        maxMl: MAX_ML,
        channels: [...payable],
        cards: prices !== null,
        water: {
          tdsOut: row.tdsOut,
          verdict: waterVerdictOf(row.tdsOut),
          at: row.tdsOut === null ? null : formatDateTime(row.lastHeartbeat),
        },
        filtersChangedOn: filtersChanged ? formatDay(filtersChanged) : null,
        servicePhone,
      };
    },

    /**
     * A consumer's report: counted on the machine's open CONSUMER_REPORT alarm (opened by the
     * first), with the order it names linked only when the consumer proves they hold it (its access
     * token) and it is one of this machine's of the last 48 hours; otherwise it is kept unlinked.
     */
    async report(code: string, input: ConsumerReportInput): Promise<{ reportNo: string }> {
      const machine = await installed(code);
      const now = clock.now();
      const orderNo =
        input.category === 'TOOK_MONEY' &&
        input.orderNo &&
        needs.access.holds(input.orderNo, input.orderToken) &&
        (await repo.orderOfMachineSince(
          db,
          input.orderNo,
          machine.id,
          new Date(now.getTime() - REPORT_ORDER_WINDOW_MS),
        ))
          ? input.orderNo
          : null;
      const photo = await storedPhoto(input.photo);
      const reportNo = `R${formatDateTime(now)?.replace(/\D/g, '')}${String(randomInt(1_000_000)).padStart(6, '0')}`;
      const category = { key: `alarms.reports.categories.${input.category}` };
      const says: TextRef = orderNo
        ? { key: 'alarms.details.consumerReportOrder', values: { category, orderNo } }
        : { key: 'alarms.details.consumerReport', values: { category } };
      const alarmed = { id: machine.id, serialNo: machine.serialNo, agentId: machine.agentId };
      const alarm = await db.transaction(async (tx) => {
        const raised = await needs.alarms.raiseOrCountIn(tx, alarmed, 'CONSUMER_REPORT', says);
        await repo.addReport(tx, {
          reportNo,
          machineId: machine.id,
          alarmId: raised.id,
          category: input.category,
          note: input.note?.trim() || null,
          phoneMasked: maskPhone(input.phone ?? null),
          orderNo,
          photo,
          createTime: now,
        });
        return raised;
      });
      if (alarm.opened) await needs.alarms.announce(alarmed, { id: alarm.id, type: 'CONSUMER_REPORT' });
      return { reportNo };
    },

    /** The reports an alarm the caller sees gathers. */
    async reportsOfAlarm(principal: Principal, alarmId: number): Promise<ConsumerReport[]> {
      await visibleAlarm(principal, alarmId);
      const rows = await repo.reportsOfAlarm(db, alarmId);
      return rows.map((row) => ({
        reportNo: row.reportNo,
        category: row.category,
        note: row.note,
        phone: row.phoneMasked,
        orderNo: row.orderNo,
        photo: row.photo,
        createTime: formatDateTime(row.createTime) ?? '',
      }));
    },

    /** The reports naming an order, those of alarms the caller sees. */
    async reportsOfOrder(principal: Principal, orderNo: string): Promise<OrderReport[]> {
      const rows = await repo.reportsOfOrder(db, orderNo);
      return rows
        .filter((row) => (row.deptId === null ? principal.scope === null : inScope(principal, row.deptId)))
        .map((row) => ({
          reportNo: row.reportNo,
          alarmId: row.alarmId,
          category: row.category,
          createTime: formatDateTime(row.createTime) ?? '',
        }));
    },

    /** The photo of a report of an alarm the caller sees. */
    async sendPhoto(principal: Principal, alarmId: number, reportNo: string, reply: FastifyReply) {
      await visibleAlarm(principal, alarmId);
      const row = await repo.reportOfAlarm(db, alarmId, reportNo);
      if (!row?.photo) throw notFound(noSuch('file', reportNo));
      return needs.files.send(reply, row.photo, { cacheControl: 'private, max-age=86400', missing: 'No such photo' });
    },
  };

  async function visibleAlarm(principal: Principal, alarmId: number) {
    const alarm = await repo.alarmScope(db, alarmId);
    const visible = alarm && (alarm.deptId === null ? principal.scope === null : inScope(principal, alarm.deptId));
    if (!visible) throw notFound(noSuch('alarm', alarmId));
  }
}
