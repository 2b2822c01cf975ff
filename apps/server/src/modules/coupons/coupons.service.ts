import { randomInt } from 'node:crypto';
import type { PageOf } from '@water/contract/common';
import {
  COUPON_STATE_MACHINE,
  type Coupon,
  type CouponCounts,
  type CouponQuery,
  type CouponScope,
  type CouponStats,
  type CouponStatsQuery,
  type CouponStatus,
  type CouponTemplate,
  type CouponTemplateCreateInput,
  type CouponTemplateQuery,
  type CouponTemplateUpdateInput,
  type CouponType,
  type IssueType,
  type PushInput,
  type PushResult,
  TEMPLATE_STATE_MACHINE,
  TEMPLATE_STATUS_EVENTS,
  type TemplateEvent,
  type TemplateStatus,
} from '@water/contract/coupons';
import type { ClaimInput, GatewayCoupon, MemberCoupons, MemberKeyQuery } from '@water/contract/gateway';
import { allows } from '@water/contract/state-machine';
import { type AgentPaths, agentById, agentIdsInScope } from '../../lib/agents.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import type { Deps } from '../../lib/deps.ts';
import { forbiddenField, HttpError, invalidField, notFound, stateConflict } from '../../lib/http-errors.ts';
import { toPaging } from '../../lib/list-query.ts';
import { amountOf, percentOf } from '../../lib/money.ts';
import { inScope, type Principal } from '../../lib/principal.ts';
import { moveBy } from '../../lib/state.ts';
import { formatDateTime, parseWireTime } from '../../lib/time.ts';
import type { Sheet } from '../../lib/xlsx.ts';
import { membersRepository } from '../members/members.repository.ts';
import { maskPhone } from '../members/members.service.ts';
import {
  type CouponRecord,
  type CouponRow,
  couponOrder,
  couponSortable,
  couponsRepository as repo,
  type StatusCounts,
  type TemplateRecord,
  type TemplateRow,
  templateOrder,
  templateSortable,
} from './coupons.repository.ts';

/** A machine as a coupon's scope needs it: itself, its site, its model and its holder's path. */
export interface CouponMachine {
  id: number;
  siteId: number | null;
  modelId: number;
  /** The holder and its ancestors, top first. */
  path: readonly number[];
}

/**
 * What an order is worth to a coupon: the amount after the price policy, the litre price a
 * coupon is valued at (the platform's own, never one an agent sets) and the water asked for.
 */
export interface CouponBase {
  base: number;
  unitPrice: number;
  requestedMl: number;
}

type Template = Pick<TemplateRecord, 'type' | 'value' | 'minSpend' | 'maxDiscount' | 'scope' | 'scopeIds' | 'agentId'>;

/** Whether a template's coupons are good at a machine: its owner holds it, and its scope lists it. */
export function goodAt(template: Template, machine: CouponMachine): boolean {
  if (template.agentId !== null && !machine.path.includes(template.agentId)) return false;
  const ids = template.scopeIds;
  switch (template.scope as CouponScope) {
    case 'ALL':
      return true;
    case 'AGENT':
      return machine.path.some((agentId) => ids.includes(agentId));
    case 'SITE':
      return machine.siteId !== null && ids.includes(machine.siteId);
    case 'MACHINE':
      return ids.includes(machine.id);
    case 'MODEL':
      return ids.includes(machine.modelId);
  }
}

/**
 * The fen a coupon takes off an order, never more than the order; a string says why it does not
 * apply (the order is below its minimum spend).
 */
export function couponDiscount(template: Template, order: CouponBase): number | string {
  if (order.base < template.minSpend) return `the order must reach ${template.minSpend} fen to use it`;
  let off: number;
  switch (template.type as CouponType) {
    case 'AMOUNT_OFF':
      off = template.value;
      break;
    case 'PERCENT_OFF':
      off = percentOf(Math.min(order.base, amountOf(order.unitPrice, order.requestedMl)), String(template.value));
      break;
    case 'FREE_LITRES':
      off = amountOf(order.unitPrice, Math.min(template.value, order.requestedMl));
      break;
  }
  if (template.type !== 'AMOUNT_OFF' && template.maxDiscount !== null) off = Math.min(off, template.maxDiscount);
  return Math.max(0, Math.min(off, order.base));
}

/** Letters and digits that are not mistaken for one another (no 0/O, 1/I/L). */
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const newCode = () => Array.from({ length: 12 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');

/** Why a coupon was not issued: none left, the member holds enough, or the template does not issue. */
class IssueRefused extends HttpError {
  constructor(
    readonly reason: 'NONE_LEFT' | 'LIMIT_REACHED' | 'NOT_ACTIVE',
    message: string,
    status?: string,
  ) {
    super(
      409,
      message,
      reason === 'NOT_ACTIVE' ? 'STATE_CONFLICT' : 'RULE_VIOLATED',
      undefined,
      reason === 'NOT_ACTIVE' ? { state: status ?? 'ENDED', event: 'ISSUE' } : undefined,
    );
  }
}

const unusable = (message: string) => new HttpError(409, message, 'COUPON_UNUSABLE');

function emptyCounts(): CouponCounts {
  return { issued: 0, unused: 0, locked: 0, used: 0, expired: 0, revoked: 0, discountCost: 0 };
}

function addCounts(counts: CouponCounts, row: StatusCounts): CouponCounts {
  const key = row.status.toLowerCase() as Exclude<keyof CouponCounts, 'issued' | 'discountCost'>;
  counts.issued += row.n;
  if (key in counts) counts[key] += row.n;
  if (row.status === 'USED') counts.discountCost += row.discount;
  return counts;
}

function templateDto(row: TemplateRow, counts: CouponCounts, names: Map<number, string>): CouponTemplate {
  return {
    id: row.id,
    name: row.name,
    type: row.type as CouponType,
    value: row.value,
    minSpend: row.minSpend,
    maxDiscount: row.maxDiscount,
    scope: row.scope as CouponScope,
    scopeIds: row.scopeIds,
    scopeNames: row.scopeIds.map((id) => names.get(id) ?? `#${id}`),
    issueType: row.issueType as IssueType,
    claimCode: row.claimCode,
    total: row.total,
    perMember: row.perMember,
    validType: row.validType as CouponTemplate['validType'],
    validFrom: formatDateTime(row.validFrom),
    validTo: formatDateTime(row.validTo),
    validDays: row.validDays,
    fundedBy: row.fundedBy as CouponTemplate['fundedBy'],
    agentId: row.agentId,
    agentName: row.agentName,
    status: row.status as TemplateStatus,
    counts,
    createBy: row.createBy,
    createTime: formatDateTime(row.createTime) as string,
  };
}

function couponDto(row: CouponRow): Coupon {
  return {
    id: row.id,
    code: row.code,
    templateId: row.templateId,
    templateName: row.templateName,
    type: row.type as CouponType,
    value: row.value,
    memberPhone: maskPhone(row.memberPhone),
    issueType: row.issueType as IssueType,
    status: row.status as CouponStatus,
    validFrom: formatDateTime(row.validFrom) as string,
    validTo: formatDateTime(row.validTo) as string,
    orderNo: row.orderNo,
    discountAmount: row.discountAmount,
    createTime: formatDateTime(row.createTime) as string,
    usedTime: formatDateTime(row.usedTime),
  };
}

function gatewayCoupon(coupon: CouponRecord, template: TemplateRecord): GatewayCoupon {
  return {
    code: coupon.code,
    name: template.name,
    type: template.type,
    value: template.value,
    minSpend: template.minSpend,
    maxDiscount: template.maxDiscount,
    validTo: coupon.validTo.getTime(),
  };
}

const memberKeyOf = (input: MemberKeyQuery) =>
  input.memberPhone ? { phone: input.memberPhone } : input.memberOpenid ? { openid: input.memberOpenid } : undefined;

export type CouponsService = ReturnType<typeof createCouponsService>;

/**
 * Coupons: templates (what a coupon takes off, where, for whom, for how long), coupons issued to
 * members (claimed at a machine, by code, with a first order, or pushed by staff), locked by the
 * order that uses them, used when it is paid, given back when it closes unpaid or is refunded in
 * full, expired by the hour; and their redemption figures.
 */
export function createCouponsService({ db, clock }: Pick<Deps, 'db' | 'clock'>, paths: AgentPaths) {
  type Tx = typeof db;

  /** The agents of the caller's reach; an owner's subtree when a template belongs to an agent. */
  async function checkedScopeIds(
    principal: Principal,
    owner: number | null,
    scope: CouponScope,
    ids: readonly number[],
  ): Promise<number[]> {
    if (scope === 'ALL') return [];
    if (ids.length === 0) throw invalidField('scopeIds', `name at least one ${scope.toLowerCase()}`, 'required');
    const reach = await agentIdsInScope(db, principal.scope);
    const underOwner = async (agentId: number | null) =>
      agentId !== null && (owner === null || (await paths.of(agentId)).includes(owner));
    const refuse = (id: number) =>
      invalidField('scopeIds', `no ${scope.toLowerCase()} with id ${id} in your reach`, 'unknown_reference');
    if (scope === 'MODEL') {
      const known = await repo.modelsExist(db, ids);
      const missing = ids.find((id) => !known.includes(id));
      if (missing !== undefined) throw refuse(missing);
      return [...ids];
    }
    if (scope === 'AGENT') {
      for (const id of ids) {
        const agent = await agentById(db, id);
        if (!agent || !inScope(principal, agent.deptId) || !(await underOwner(id))) throw refuse(id);
      }
      return [...ids];
    }
    const holders = await repo.holdersOf(db, scope, ids);
    for (const id of ids) {
      const holder = holders.find((row) => row.id === id);
      const reachable = holder && (reach === null || (holder.agentId !== null && reach.includes(holder.agentId)));
      if (!reachable || (owner !== null && !(await underOwner(holder.agentId)))) throw refuse(id);
    }
    return [...ids];
  }

  async function checkedFields(principal: Principal, input: CouponTemplateCreateInput | CouponTemplateUpdateInput) {
    const name = input.name.trim();
    if (!name) throw invalidField('name', 'must not be empty', 'required');
    const owner = input.agentId ?? null;
    if (owner === null && principal.scope !== null) {
      throw invalidField('agentId', 'name the agent whose coupon it is: yours or one beneath it', 'required');
    }
    if (owner !== null) {
      const agent = await agentById(db, owner);
      if (!agent || !inScope(principal, agent.deptId)) {
        throw invalidField('agentId', `no agent with id ${owner} in your reach`, 'unknown_reference');
      }
    }
    if (input.fundedBy === 'PLATFORM' && principal.scope !== null) {
      throw forbiddenField('fundedBy', 'only staff whose data scope is unrestricted spend the platform’s money');
    }
    if (input.type === 'PERCENT_OFF' && input.value > 100) {
      throw invalidField('value', 'a percent off is at most 100', 'too_large', { limit: 100 });
    }
    if (input.type === 'FREE_LITRES' && input.value > 50_000) {
      throw invalidField('value', 'free water is at most 50,000 ml', 'too_large', { limit: 50_000 });
    }
    if (input.type !== 'AMOUNT_OFF' && !input.maxDiscount) {
      throw invalidField('maxDiscount', 'a percent off or free water needs the most it takes off an order', 'required');
    }
    const claimCode = input.issueType === 'CODE' ? (input.claimCode?.toUpperCase() ?? null) : null;
    if (input.issueType === 'CODE' && !claimCode) {
      throw invalidField('claimCode', 'a coupon claimed by code needs its code', 'required');
    }
    let validity: { validFrom: Date | null; validTo: Date | null; validDays: number | null };
    if (input.validType === 'FIXED') {
      if (!input.validFrom) throw invalidField('validFrom', 'is required for fixed dates', 'required');
      if (!input.validTo) throw invalidField('validTo', 'is required for fixed dates', 'required');
      const from = parseWireTime(input.validFrom, false);
      const to = parseWireTime(input.validTo, false);
      if (!from) throw invalidField('validFrom', `"${input.validFrom}" is not a real time`, 'format');
      if (!to) throw invalidField('validTo', `"${input.validTo}" is not a real time`, 'format');
      if (to <= from) throw invalidField('validTo', 'must be after the start');
      validity = { validFrom: from, validTo: to, validDays: null };
    } else {
      if (!input.validDays) throw invalidField('validDays', 'is required for a validity in days', 'required');
      validity = { validFrom: null, validTo: null, validDays: input.validDays };
    }
    return {
      name,
      type: input.type,
      value: input.value,
      minSpend: input.minSpend,
      maxDiscount: input.type === 'AMOUNT_OFF' ? null : (input.maxDiscount ?? null),
      scope: input.scope,
      scopeIds: await checkedScopeIds(principal, owner, input.scope, input.scopeIds ?? []),
      issueType: input.issueType,
      claimCode,
      total: input.total,
      perMember: input.perMember,
      validType: input.validType,
      ...validity,
      fundedBy: input.fundedBy,
      agentId: owner,
    };
  }

  /** A template the caller may see and change: the platform's for unrestricted staff, an agent's within reach. */
  async function ownTemplate(principal: Principal, id: number): Promise<TemplateRecord> {
    const template = await repo.template(db, id);
    if (!template) throw notFound(`No coupon template with id ${id}`);
    const owner = template.agentId === null ? null : await agentById(db, template.agentId);
    const visible = template.agentId === null ? principal.scope === null : !!owner && inScope(principal, owner.deptId);
    if (!visible) throw notFound(`No coupon template with id ${id}`);
    return template;
  }

  const taken = (error: unknown, code: string | null) => {
    if (isUniqueViolation(error)) return invalidField('claimCode', `"${code}" is another coupon’s code`, 'taken');
    return error;
  };

  /**
   * Issues one coupon of a template to a member, within the template's total and the member's
   * limit (the template's row is locked while it counts, so two at once cannot pass either).
   */
  async function issueTo(
    tx: Tx,
    template: TemplateRecord,
    memberId: number,
    issueType: IssueType,
    by: string | null,
  ): Promise<CouponRecord> {
    const now = clock.now();
    if (template.validType === 'FIXED' && (template.validTo as Date) <= now) {
      throw new IssueRefused('NOT_ACTIVE', `Coupon "${template.name}" has ended`);
    }
    if (!(await repo.takeOne(tx, template.id))) {
      const current = await repo.template(tx, template.id);
      if (!current || !allows(TEMPLATE_STATE_MACHINE, current.status as TemplateStatus, 'ISSUE')) {
        throw new IssueRefused(
          'NOT_ACTIVE',
          `Coupon "${template.name}" is not being issued (${current?.status ?? 'gone'})`,
          current?.status,
        );
      }
      throw new IssueRefused('NONE_LEFT', `All ${template.total} coupons "${template.name}" are issued`);
    }
    if ((await repo.heldBy(tx, template.id, memberId)) >= template.perMember) {
      throw new IssueRefused(
        'LIMIT_REACHED',
        `The member holds ${template.perMember} of coupon "${template.name}" already`,
      );
    }
    const validFrom = template.validType === 'FIXED' ? (template.validFrom as Date) : now;
    const validTo =
      template.validType === 'FIXED'
        ? (template.validTo as Date)
        : new Date(now.getTime() + (template.validDays ?? 1) * 86_400_000);
    for (let attempt = 0; ; attempt++) {
      try {
        return await tx.transaction((savepoint) =>
          repo.insertCoupon(savepoint, {
            templateId: template.id,
            memberId,
            agentId: template.agentId,
            code: newCode(),
            issueType,
            status: 'UNUSED',
            validFrom,
            validTo,
            createBy: by,
            createTime: now,
          }),
        );
      } catch (error) {
        if (!isUniqueViolation(error) || attempt >= 3) throw error;
      }
    }
  }

  async function countsOf(templateIds: readonly number[]): Promise<Map<number, CouponCounts>> {
    const rows = await repo.countsByTemplate(db, templateIds);
    const counts = new Map<number, CouponCounts>();
    for (const row of rows) counts.set(row.templateId, addCounts(counts.get(row.templateId) ?? emptyCounts(), row));
    return counts;
  }

  async function templatePage(principal: Principal, query: Omit<CouponTemplateQuery, 'page' | 'size'>, paged: boolean) {
    const agentIds = await agentIdsInScope(db, principal.scope);
    const paging = toPaging(paged ? query : { sort: query.sort }, templateSortable, templateOrder);
    const page = await repo.templatePage(db, agentIds, query, paging);
    const counts = await countsOf(page.content.map((row) => row.id));
    // The names of every scope on the page: one query per kind of scope, not per template.
    const names = new Map<string, Map<number, string>>();
    for (const scope of new Set(page.content.map((row) => row.scope))) {
      const ids = page.content.filter((row) => row.scope === scope).flatMap((row) => row.scopeIds);
      names.set(scope, await repo.scopeNames(db, scope, [...new Set(ids)]));
    }
    const content = page.content.map((row) =>
      templateDto(row, counts.get(row.id) ?? emptyCounts(), names.get(row.scope) ?? new Map()),
    );
    return { content, totalElements: page.totalElements };
  }

  /** The machine of an order, as a coupon's scope needs it. */
  async function couponMachine(machine: { id: number; siteId: number | null; modelId: number; agentId: number }) {
    return { ...machine, path: await paths.of(machine.agentId) };
  }

  return {
    async list(principal: Principal, query: CouponTemplateQuery): Promise<PageOf<CouponTemplate>> {
      return templatePage(principal, query, true);
    },

    async exportSheet(
      principal: Principal,
      filter: Omit<CouponTemplateQuery, 'page' | 'size'>,
    ): Promise<Sheet<CouponTemplate>> {
      const { content } = await templatePage(principal, filter, false);
      return {
        name: 'coupon-templates',
        columns: [
          { header: 'Name', value: (t) => t.name },
          { header: 'Type', value: (t) => t.type },
          { header: 'Value', value: (t) => t.value },
          { header: 'Minimum spend (yuan)', value: (t) => t.minSpend / 100 },
          { header: 'Good at', value: (t) => (t.scope === 'ALL' ? 'ALL' : `${t.scope}: ${t.scopeNames.join(', ')}`) },
          { header: 'Issued by', value: (t) => t.issueType },
          { header: 'Funded by', value: (t) => t.fundedBy },
          { header: 'Agent', value: (t) => t.agentName },
          { header: 'Status', value: (t) => t.status },
          { header: 'Issued', value: (t) => t.counts.issued },
          { header: 'Used', value: (t) => t.counts.used },
          { header: 'Expired', value: (t) => t.counts.expired },
          { header: 'Discount cost (yuan)', value: (t) => t.counts.discountCost / 100 },
        ],
        rows: content,
      };
    },

    async create(principal: Principal, input: CouponTemplateCreateInput): Promise<void> {
      const fields = await checkedFields(principal, input);
      await repo
        .insertTemplate(db, { ...fields, status: 'DRAFT', createBy: principal.username, updateBy: principal.username })
        .catch((error) => {
          throw taken(error, fields.claimCode);
        });
    },

    /** Changes a draft; a template that issues or issued coupons only pauses, resumes or ends. */
    async update(principal: Principal, input: CouponTemplateUpdateInput): Promise<void> {
      const template = await ownTemplate(principal, input.id);
      moveBy(TEMPLATE_STATE_MACHINE, template.status as TemplateStatus, 'EDIT', {
        message: `Coupon "${template.name}" is ${template.status}: only a draft changes (its coupons are out)`,
      });
      const fields = await checkedFields(principal, input);
      await repo
        .updateTemplate(db, input.id, { ...fields, updateBy: principal.username, updateTime: clock.now() })
        .catch((error) => {
          throw taken(error, fields.claimCode);
        });
    },

    async remove(principal: Principal, ids: number[]): Promise<void> {
      const unique = [...new Set(ids)];
      for (const id of unique) {
        const template = await ownTemplate(principal, id);
        moveBy(TEMPLATE_STATE_MACHINE, template.status as TemplateStatus, 'DELETE', {
          message: `Coupon "${template.name}" is ${template.status}: only a draft is deleted; end it instead`,
        });
      }
      await repo.removeTemplates(db, unique);
    },

    /** Starts, pauses, resumes or ends a template. */
    async setStatus(principal: Principal, id: number, status: TemplateStatus): Promise<void> {
      const template = await ownTemplate(principal, id);
      const from = template.status as TemplateStatus;
      const events: readonly TemplateEvent[] = TEMPLATE_STATUS_EVENTS[status];
      const event = events.find((candidate) => allows(TEMPLATE_STATE_MACHINE, from, candidate)) ?? events[0];
      const message = `Coupon "${template.name}" is ${from}: it cannot become ${status}`;
      if (!event) throw stateConflict(message, from, status);
      moveBy(TEMPLATE_STATE_MACHINE, from, event, { to: status, message });
      if (status === 'ACTIVE' && template.validType === 'FIXED' && (template.validTo as Date) <= clock.now()) {
        throw invalidField('status', `its dates have passed (${formatDateTime(template.validTo)})`);
      }
      await repo.updateTemplate(db, id, { status, updateBy: principal.username, updateTime: clock.now() });
    },

    /** Staff push a coupon to members by phone (members unknown so far are added, credited to the coupon's agent). */
    async push(principal: Principal, id: number, input: PushInput): Promise<PushResult> {
      const template = await ownTemplate(principal, id);
      if (template.issueType !== 'PUSH') {
        throw new HttpError(
          409,
          `Coupon "${template.name}" is issued by ${template.issueType.toLowerCase()}, not pushed by staff`,
          'RULE_VIOLATED',
        );
      }
      moveBy(TEMPLATE_STATE_MACHINE, template.status as TemplateStatus, 'ISSUE', {
        message: `Coupon "${template.name}" is ${template.status}: start it first`,
      });
      const result: PushResult = { issued: 0, refused: [] };
      for (const raw of input.phones) {
        const phone = raw.trim();
        if (!/^1\d{10}$/.test(phone)) {
          result.refused.push({ phone: raw, reason: 'FORMAT' });
          continue;
        }
        try {
          await db.transaction(async (tx) => {
            const memberId = await membersRepository.memberOf(tx, { phone }, template.agentId);
            await issueTo(tx, template, memberId, 'PUSH', principal.username);
          });
          result.issued++;
        } catch (error) {
          if (!(error instanceof IssueRefused)) throw error;
          if (error.reason === 'NOT_ACTIVE') throw error;
          result.refused.push({ phone: maskPhone(phone) as string, reason: error.reason });
        }
      }
      return result;
    },

    async coupons(principal: Principal, query: CouponQuery): Promise<PageOf<Coupon>> {
      const agentIds = await agentIdsInScope(db, principal.scope);
      const page = await repo.couponPage(db, agentIds, query, toPaging(query, couponSortable, couponOrder));
      return { content: page.content.map(couponDto), totalElements: page.totalElements };
    },

    async exportCoupons(principal: Principal, filter: Omit<CouponQuery, 'page' | 'size'>): Promise<Sheet<Coupon>> {
      const agentIds = await agentIdsInScope(db, principal.scope);
      const { content } = await repo.couponPage(
        db,
        agentIds,
        filter,
        toPaging({ sort: filter.sort }, couponSortable, couponOrder),
      );
      return {
        name: 'coupons',
        columns: [
          { header: 'Code', value: (c) => c.code },
          { header: 'Coupon', value: (c) => c.templateName },
          { header: 'Member', value: (c) => c.memberPhone },
          { header: 'Issued by', value: (c) => c.issueType },
          { header: 'Status', value: (c) => c.status },
          { header: 'Valid from', value: (c) => c.validFrom },
          { header: 'Valid to', value: (c) => c.validTo },
          { header: 'Order', value: (c) => c.orderNo },
          { header: 'Discount (yuan)', value: (c) => c.discountAmount / 100 },
          { header: 'Issued at', value: (c) => c.createTime },
        ],
        rows: content.map(couponDto),
      };
    },

    /** Takes back unused coupons (a mistaken push); used, locked and expired ones stay as they are. */
    async revoke(principal: Principal, ids: number[]): Promise<void> {
      const agentIds = await agentIdsInScope(db, principal.scope);
      await db.transaction(async (tx) => {
        for (const id of new Set(ids)) {
          const coupon = await repo.coupon(tx, id, true);
          const visible =
            coupon && (agentIds === null || (coupon.agentId !== null && agentIds.includes(coupon.agentId)));
          if (!coupon || !visible) throw notFound(`No coupon with id ${id}`);
          const status = moveBy(COUPON_STATE_MACHINE, coupon.status as CouponStatus, 'REVOKE', {
            message: `Coupon ${coupon.code} is ${coupon.status}: only an unused one is revoked`,
          });
          await repo.updateCoupon(tx, id, { status });
        }
      });
    },

    async stats(principal: Principal, query: CouponStatsQuery): Promise<CouponStats> {
      const agentIds = await agentIdsInScope(db, principal.scope);
      const rows = await repo.countsByFunder(db, agentIds, query.createTime);
      const stats: CouponStats = { total: emptyCounts(), platform: emptyCounts(), agent: emptyCounts() };
      for (const row of rows) {
        addCounts(stats.total, row);
        addCounts(row.fundedBy === 'PLATFORM' ? stats.platform : stats.agent, row);
      }
      return stats;
    },

    /** What a member holds and may claim at a machine. */
    async memberCoupons(
      machine: { id: number; siteId: number | null; modelId: number; agentId: number | null },
      key: MemberKeyQuery,
    ): Promise<MemberCoupons> {
      const memberKey = memberKeyOf(key);
      if (!memberKey) throw invalidField('memberPhone', 'name the member by phone or openid', 'required');
      if (machine.agentId === null) return { coupons: [], claimable: [] };
      const at = await couponMachine({ ...machine, agentId: machine.agentId });
      const member = await membersRepository.find(db, memberKey);
      const held = member ? await repo.usableOf(db, member.id, clock.now()) : [];
      const claimable = (await repo.activeTemplates(db, 'CLAIM')).filter((template) => goodAt(template, at));
      return {
        coupons: held.filter((row) => goodAt(row.template, at)).map((row) => gatewayCoupon(row.coupon, row.template)),
        claimable: claimable.map((template) => ({
          templateId: template.id,
          name: template.name,
          type: template.type,
          value: template.value,
          minSpend: template.minSpend,
        })),
      };
    },

    /** A member claims a coupon at a machine: a `CLAIM` template's by id, a `CODE` template's by its code. */
    async claim(
      machine: { id: number; siteId: number | null; modelId: number; agentId: number | null },
      input: ClaimInput,
    ): Promise<GatewayCoupon> {
      const memberKey = memberKeyOf(input);
      if (!memberKey) throw invalidField('memberPhone', 'name the member by phone or openid', 'required');
      if (!input.templateId === !input.claimCode) {
        throw invalidField('templateId', 'give either the coupon’s template id or its code', 'required');
      }
      const template = input.claimCode
        ? await repo.templateByCode(db, input.claimCode.toUpperCase())
        : await repo.template(db, input.templateId as number);
      const expected = input.claimCode ? 'CODE' : 'CLAIM';
      const at = machine.agentId === null ? undefined : await couponMachine({ ...machine, agentId: machine.agentId });
      if (!template || template.issueType !== expected || !at || !goodAt(template, at)) {
        throw notFound(
          input.claimCode ? `No coupon with code ${input.claimCode} here` : 'No such coupon to claim here',
        );
      }
      const agentId = machine.agentId as number;
      const coupon = await db.transaction(async (tx) => {
        const memberId = await membersRepository.memberOf(tx, memberKey, agentId);
        return issueTo(tx, template, memberId, expected, null);
      });
      return gatewayCoupon(coupon, template);
    },

    /**
     * Locks a member's coupon for an order being made and answers what it takes off; a coupon
     * that cannot be used is refused with the reason (`COUPON_UNUSABLE`).
     */
    async lockForOrder(
      tx: Tx,
      code: string,
      memberId: number,
      machine: { id: number; siteId: number | null; modelId: number; agentId: number },
      order: CouponBase & { id: number; orderNo: string; createTime: Date },
    ): Promise<{ couponId: number; amount: number }> {
      const now = clock.now();
      const coupon = await repo.couponByCode(tx, code.toUpperCase(), true);
      if (!coupon || coupon.memberId !== memberId) throw unusable(`The member holds no coupon ${code}`);
      if (!allows(COUPON_STATE_MACHINE, coupon.status as CouponStatus, 'LOCK')) {
        throw unusable(`Coupon ${coupon.code} is ${coupon.status}`);
      }
      if (coupon.validFrom > now || coupon.validTo <= now) {
        throw unusable(
          `Coupon ${coupon.code} is valid from ${formatDateTime(coupon.validFrom)} to ${formatDateTime(coupon.validTo)}`,
        );
      }
      const template = (await repo.template(tx, coupon.templateId)) as TemplateRecord;
      if (!goodAt(template, await couponMachine(machine))) {
        throw unusable(`Coupon ${coupon.code} is not good at this machine`);
      }
      const amount = couponDiscount(template, order);
      if (typeof amount === 'string') throw unusable(`Coupon ${coupon.code}: ${amount}`);
      await repo.updateCoupon(tx, coupon.id, {
        status: moveBy(COUPON_STATE_MACHINE, coupon.status as CouponStatus, 'LOCK'),
        orderId: order.id,
        orderTime: order.createTime,
        orderNo: order.orderNo,
        discountAmount: amount,
      });
      return { couponId: coupon.id, amount };
    },

    /** The order holding a coupon was paid: the coupon it locked is used. */
    async used(
      tx: Tx,
      order: { id: number; orderNo: string; createTime: Date; couponId: number | null; couponAmount: number },
    ): Promise<void> {
      if (order.couponId === null) return;
      const coupon = await repo.coupon(tx, order.couponId, true);
      if (!coupon) return;
      if (coupon.orderId !== order.id || !allows(COUPON_STATE_MACHINE, coupon.status as CouponStatus, 'USE')) return;
      await repo.updateCoupon(tx, coupon.id, {
        status: moveBy(COUPON_STATE_MACHINE, coupon.status as CouponStatus, 'USE'),
        orderId: order.id,
        orderTime: order.createTime,
        orderNo: order.orderNo,
        discountAmount: order.couponAmount,
        usedTime: clock.now(),
      });
    },

    /** Orders closed unpaid or refunded in full give their coupons back (expired if their window closed). */
    /**
     * What of an order's coupon discount the platform bears: counted in the agent's commission
     * base as if the member had paid it. Nothing while the coupon is not used (given back with
     * its order, or still locked) or when the agent funds it.
     */
    async platformFunded(order: { id: number; couponId: number | null; couponAmount: number }): Promise<number> {
      if (order.couponId === null || order.couponAmount === 0) return 0;
      const funding = await repo.funding(db, order.couponId);
      // A coupon given back and used again counts on the order that used it, not on this one.
      const usedHere = funding?.status === 'USED' && funding.orderId === order.id;
      return usedHere && funding.fundedBy === 'PLATFORM' ? order.couponAmount : 0;
    },

    async giveBack(tx: Tx, orderIds: readonly number[]): Promise<void> {
      await repo.giveBack(tx, orderIds, clock.now());
    },

    /**
     * A member's first paid order: the active first-order coupons good at that machine are given
     * (those with none left or already held are skipped).
     */
    async giftFirstOrder(tx: Tx, memberId: number, machineId: number): Promise<void> {
      const gifts = await repo.activeTemplates(tx, 'FIRST_ORDER');
      if (gifts.length === 0) return;
      const machine = await repo.machine(tx, machineId);
      if (!machine || machine.agentId === null) return;
      const at = await couponMachine({ ...machine, agentId: machine.agentId });
      for (const template of gifts.filter((gift) => goodAt(gift, at))) {
        try {
          await tx.transaction((savepoint) => issueTo(savepoint, template, memberId, 'FIRST_ORDER', null));
        } catch (error) {
          if (!(error instanceof IssueRefused)) throw error;
        }
      }
    },

    /** The hourly job: unused coupons past their window expire; templates whose dates passed end. */
    async expire(): Promise<number> {
      const now = clock.now();
      await repo.endPassed(db, now);
      return repo.expire(db, now);
    },
  };
}
