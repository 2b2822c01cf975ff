import type { PageOf } from '@water/contract/common';
import {
  type CouponCounts,
  type CouponScope,
  type CouponTemplate,
  type CouponTemplateCreateInput,
  type CouponTemplateQuery,
  type CouponTemplateUpdateInput,
  type PushInput,
  type PushResult,
  TEMPLATE_STATE_MACHINE,
  TEMPLATE_STATUS_EVENTS,
  type TemplateEvent,
  type TemplateStatus,
} from '@water/contract/coupons';
import { COUPON_TEMPLATE_COLUMNS } from '@water/contract/coupons-columns';
import { allows } from '@water/contract/state-machine';
import { inScope, type Principal } from '../../domain/principal.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import type { Deps } from '../../lib/deps.ts';
import {
  emptyField,
  forbiddenField,
  HttpError,
  invalidField,
  noSuch,
  notFound,
  notRealTime,
  stateConflict,
  unknownInReach,
} from '../../lib/http-errors.ts';
import { toPaging } from '../../lib/list-query.ts';
import type { ListSheet } from '../../lib/list-sheet.ts';
import { conflictText, moveBy } from '../../lib/state.ts';
import { formatDateTime, parseWireTime } from '../../lib/time.ts';
import { type AgentPaths, agentById, agentIdsInScope } from '../agents/agent-directory.ts';
import type { MembersService } from '../members/members.service.ts';
import { maskPhone } from '../members/members.service.ts';
import { addCounts, emptyCounts, templateDto } from './coupon-dto.ts';
import { IssueRefused, issueTo } from './coupon-issue.ts';
import {
  couponsRepository as repo,
  type TemplateRecord,
  templateOrder,
  templateSortable,
} from './coupons.repository.ts';

/**
 * Coupon templates, as staff keep them: what a coupon takes off, where, for whom and for how
 * long; their moves through the template's state table; and pushing their coupons to members.
 */
export function createCouponTemplatesService(
  { db, clock, audit }: Pick<Deps, 'db' | 'clock' | 'audit'>,
  { paths, members }: { paths: AgentPaths; members: MembersService },
) {
  /** The agents of the caller's reach; an owner's subtree when a template belongs to an agent. */
  async function checkedScopeIds(
    principal: Principal,
    owner: number | null,
    scope: CouponScope,
    ids: readonly number[],
  ): Promise<number[]> {
    if (scope === 'ALL') return [];
    const scopeName = { key: `errors.scopes.${scope}` };
    if (ids.length === 0) {
      throw invalidField(
        'scopeIds',
        { key: 'errors.coupons.scopeIdsRequired', values: { scope: scopeName } },
        'required',
      );
    }
    const reach = await agentIdsInScope(db, principal.scope);
    const underOwner = async (agentId: number | null) =>
      agentId !== null && (owner === null || (await paths.of(agentId)).includes(owner));
    const refuse = (id: number) =>
      invalidField(
        'scopeIds',
        { key: 'errors.unknownInReach', values: { object: scopeName, id } },
        'unknown_reference',
      );
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
    if (!name) throw emptyField('name');
    const owner = input.agentId ?? null;
    if (owner === null && principal.scope !== null) {
      throw invalidField('agentId', { key: 'errors.coupons.agentRequired' }, 'required');
    }
    if (owner !== null) {
      const agent = await agentById(db, owner);
      if (!agent || !inScope(principal, agent.deptId)) {
        throw invalidField('agentId', unknownInReach('agent', owner), 'unknown_reference');
      }
    }
    if (input.fundedBy === 'PLATFORM' && principal.scope !== null) {
      throw forbiddenField('fundedBy', { key: 'errors.coupons.platformFunded' });
    }
    if (input.type === 'PERCENT_OFF' && input.value > 100) {
      throw invalidField('value', { key: 'errors.coupons.percentMax' }, 'too_large', { limit: 100 });
    }
    if (input.type === 'FREE_LITRES' && input.value > 50_000) {
      throw invalidField('value', { key: 'errors.coupons.litresMax' }, 'too_large', { limit: 50_000 });
    }
    if (input.type !== 'AMOUNT_OFF' && !input.maxDiscount) {
      throw invalidField('maxDiscount', { key: 'errors.coupons.maxDiscount' }, 'required');
    }
    const claimCode = input.issueType === 'CODE' ? (input.claimCode?.toUpperCase() ?? null) : null;
    if (input.issueType === 'CODE' && !claimCode) {
      throw invalidField('claimCode', { key: 'errors.coupons.claimCode' }, 'required');
    }
    let validity: { validFrom: Date | null; validTo: Date | null; validDays: number | null };
    if (input.validType === 'FIXED') {
      if (!input.validFrom) throw invalidField('validFrom', { key: 'errors.coupons.fixedDates' }, 'required');
      if (!input.validTo) throw invalidField('validTo', { key: 'errors.coupons.fixedDates' }, 'required');
      const from = parseWireTime(input.validFrom, false);
      const to = parseWireTime(input.validTo, false);
      if (!from) throw invalidField('validFrom', notRealTime(input.validFrom), 'format');
      if (!to) throw invalidField('validTo', notRealTime(input.validTo), 'format');
      if (to <= from) throw invalidField('validTo', { key: 'errors.coupons.afterStart' });
      validity = { validFrom: from, validTo: to, validDays: null };
    } else {
      if (!input.validDays) throw invalidField('validDays', { key: 'errors.coupons.validDays' }, 'required');
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
    if (!template) throw notFound(noSuch('couponTemplate', id));
    const owner = template.agentId === null ? null : await agentById(db, template.agentId);
    const visible = template.agentId === null ? principal.scope === null : !!owner && inScope(principal, owner.deptId);
    if (!visible) throw notFound(noSuch('couponTemplate', id));
    return template;
  }

  const taken = (error: unknown, code: string | null) => {
    if (isUniqueViolation(error)) {
      return invalidField('claimCode', { key: 'errors.coupons.codeTaken', values: { code: code ?? '' } }, 'taken');
    }
    return error;
  };

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

  return {
    async list(principal: Principal, query: CouponTemplateQuery): Promise<PageOf<CouponTemplate>> {
      return templatePage(principal, query, true);
    },

    async exportSheet(
      principal: Principal,
      filter: Omit<CouponTemplateQuery, 'page' | 'size'>,
    ): Promise<ListSheet<CouponTemplate>> {
      const { content } = await templatePage(principal, filter, false);
      return { name: 'coupon-templates', columns: COUPON_TEMPLATE_COLUMNS, rows: content };
    },

    async create(principal: Principal, input: CouponTemplateCreateInput): Promise<void> {
      const fields = await checkedFields(principal, input);
      const after = { ...fields, status: 'DRAFT' as const };
      await db
        .transaction(async (tx) => {
          const id = await repo.insertTemplate(tx, {
            ...after,
            createBy: principal.username,
            updateBy: principal.username,
          });
          await audit.record(tx, { recordType: 'coupon-template', recordId: id, action: 'create', after });
        })
        .catch((error) => {
          throw taken(error, fields.claimCode);
        });
    },

    /** Changes a draft; a template that issues or issued coupons only pauses, resumes or ends. */
    async update(principal: Principal, input: CouponTemplateUpdateInput): Promise<void> {
      const template = await ownTemplate(principal, input.id);
      moveBy(TEMPLATE_STATE_MACHINE, template.status, 'EDIT', {
        message: `Coupon "${template.name}" is ${template.status}: only a draft changes (its coupons are out)`,
      });
      const fields = await checkedFields(principal, input);
      await db
        .transaction(async (tx) => {
          await repo.updateTemplate(tx, input.id, { ...fields, updateBy: principal.username, updateTime: clock.now() });
          const change = { before: template, after: fields, keys: ['name'] };
          await audit.record(tx, { recordType: 'coupon-template', recordId: input.id, action: 'update', ...change });
        })
        .catch((error) => {
          throw taken(error, fields.claimCode);
        });
    },

    async remove(principal: Principal, ids: number[]): Promise<void> {
      const unique = [...new Set(ids)];
      const removed: TemplateRecord[] = [];
      for (const id of unique) {
        const template = await ownTemplate(principal, id);
        moveBy(TEMPLATE_STATE_MACHINE, template.status, 'DELETE', {
          message: `Coupon "${template.name}" is ${template.status}: only a draft is deleted; end it instead`,
        });
        removed.push(template);
      }
      await db.transaction(async (tx) => {
        await repo.removeTemplates(tx, unique);
        for (const before of removed) {
          await audit.record(tx, { recordType: 'coupon-template', recordId: before.id, action: 'delete', before });
        }
      });
    },

    /** Starts, pauses, resumes or ends a template. */
    async setStatus(principal: Principal, id: number, status: TemplateStatus): Promise<void> {
      const template = await ownTemplate(principal, id);
      const from = template.status;
      const events: readonly TemplateEvent[] = TEMPLATE_STATUS_EVENTS[status];
      const event = events.find((candidate) => allows(TEMPLATE_STATE_MACHINE, from, candidate)) ?? events[0];
      const message = `Coupon "${template.name}" is ${from}: it cannot become ${status}`;
      if (!event) throw stateConflict(message, from, status, conflictText(TEMPLATE_STATE_MACHINE, from));
      moveBy(TEMPLATE_STATE_MACHINE, from, event, { to: status, message });
      if (status === 'ACTIVE' && template.validType === 'FIXED' && (template.validTo as Date) <= clock.now()) {
        throw invalidField('status', {
          key: 'errors.coupons.datesPassed',
          values: { time: formatDateTime(template.validTo) ?? '' },
        });
      }
      await db.transaction(async (tx) => {
        await repo.updateTemplate(tx, id, { status, updateBy: principal.username, updateTime: clock.now() });
        const change = { before: template, after: { status }, keys: ['name'] };
        await audit.record(tx, { recordType: 'coupon-template', recordId: id, action: 'status', ...change });
      });
    },

    /**
     * Staff push a coupon to members by phone (members unknown so far are added, credited to the
     * coupon's agent) or to members they chose in the console.
     */
    async push(principal: Principal, id: number, input: PushInput): Promise<PushResult> {
      const template = await ownTemplate(principal, id);
      if (template.issueType !== 'PUSH') {
        throw new HttpError(
          409,
          {
            key: 'errors.coupons.notPushed',
            values: { name: template.name, issueType: { key: `errors.coupons.issueTypes.${template.issueType}` } },
          },
          'RULE_VIOLATED',
        );
      }
      moveBy(TEMPLATE_STATE_MACHINE, template.status, 'ISSUE', {
        message: `Coupon "${template.name}" is ${template.status}: start it first`,
      });
      const phones = input.phones ?? [];
      // Members chosen in the console: each one the caller sees, or nothing is pushed.
      const chosen = input.memberIds ? await members.seenBy(principal, [...new Set(input.memberIds)]) : [];
      if (phones.length === 0 && chosen.length === 0) {
        throw invalidField('phones', { key: 'errors.coupons.pushTo' }, 'required');
      }
      const result: PushResult = { issued: 0, refused: [] };
      const issue = async (memberOf: (tx: typeof db) => Promise<number>, shown: string) => {
        try {
          await db.transaction(async (tx) => {
            await issueTo(tx, clock.now(), template, await memberOf(tx), 'PUSH', principal.username);
          });
          result.issued++;
        } catch (error) {
          if (!(error instanceof IssueRefused)) throw error;
          if (error.reason === 'NOT_ACTIVE') throw error;
          result.refused.push({ phone: shown, reason: error.reason });
        }
      };
      for (const raw of phones) {
        const phone = raw.trim();
        if (!/^1\d{10}$/.test(phone)) result.refused.push({ phone: raw, reason: 'FORMAT' });
        else await issue((tx) => members.memberOf(tx, { phone }, template.agentId), maskPhone(phone) as string);
      }
      for (const member of chosen) {
        await issue(async () => member.id, maskPhone(member.phone) ?? `#${member.id}`);
      }
      return result;
    },
  };
}
