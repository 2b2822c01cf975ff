import { asFen } from '@water/contract/money';
import type { PeriodFigures } from '@water/contract/sales-figures';
import {
  SITE_COLUMNS,
  SITE_TYPE_DICT,
  Site,
  type SiteCreateInput,
  type SiteQuery,
  type SiteUpdateInput,
} from '@water/contract/sites';
import Decimal from 'decimal.js';
import { inScope, type Principal } from '../../domain/principal.ts';
import type { Deps } from '../../lib/deps.ts';
import {
  badRequest,
  emptyField,
  forbiddenField,
  invalidField,
  noSuch,
  notFound,
  notRealDate,
  unknownInReach,
} from '../../lib/http-errors.ts';
import { declaredList } from '../../lib/list-sheet.ts';
import { quotedNames } from '../../lib/texts.ts';
import { isRealDay } from '../../lib/time.ts';
import { wireOf } from '../../lib/wire.ts';
import { agentById, agentIdsInScope } from '../agents/agent-directory.ts';
import { withPeriodFigures } from '../sales/sales-figures.ts';
import { sitesRepository as repo, type SiteRow, siteOrder, siteSortable } from './sites.repository.ts';

/** A share of revenue is at most 100 %: 10,000 hundredths of a percent. */
const SHARE_MAX = 10_000;

const toDto = (row: SiteRow & PeriodFigures): Site =>
  wireOf(Site, {
    ...row,
    rentFen: row.feeType === 'RENT' ? asFen(row.feeValue) : null,
    sharePercent: row.feeType === 'SHARE' ? new Decimal(row.feeValue).dividedBy(100).toFixed(2) : null,
  });

const trimmed = (value: string | null | undefined) => value?.trim() || null;

export type SitesService = ReturnType<typeof createSitesService>;

/** Where machines stand, each held by an agent the caller reaches; a site with machines stays. */
export function createSitesService({ db, clock }: Pick<Deps, 'db' | 'clock'>) {
  async function checkedFields(input: SiteCreateInput | SiteUpdateInput) {
    const name = input.name.trim();
    if (!name) throw emptyField('name');
    const address = input.address.trim();
    if (!address) throw emptyField('address');
    const types = await repo.dictValues(db, SITE_TYPE_DICT);
    if (!types.includes(input.type)) {
      throw invalidField(
        'type',
        { key: 'errors.sites.typeChoice', values: { dict: SITE_TYPE_DICT, values: types.join(', ') } },
        'choice',
      );
    }
    if (input.feeType === 'SHARE' && input.feeValue > SHARE_MAX) {
      throw invalidField('feeValue', { key: 'errors.sites.shareMax' }, 'too_large', { limit: SHARE_MAX });
    }
    if ((input.longitude == null) !== (input.latitude == null)) {
      throw invalidField(input.longitude == null ? 'longitude' : 'latitude', { key: 'errors.sites.bothCoordinates' });
    }
    for (const field of ['contractStart', 'contractEnd'] as const) {
      const day = input[field];
      if (day && !isRealDay(day)) throw invalidField(field, notRealDate(day), 'format');
    }
    if (input.contractStart && input.contractEnd && input.contractEnd < input.contractStart) {
      throw invalidField('contractEnd', { key: 'errors.contractEndBeforeStart' });
    }
    return {
      name,
      type: input.type,
      province: trimmed(input.province),
      city: trimmed(input.city),
      district: trimmed(input.district),
      address,
      longitude: input.longitude ?? null,
      latitude: input.latitude ?? null,
      ownerName: trimmed(input.ownerName),
      ownerPhone: trimmed(input.ownerPhone),
      feeType: input.feeType,
      feeValue: input.feeValue,
      contractStart: input.contractStart ?? null,
      contractEnd: input.contractEnd ?? null,
    };
  }

  async function visibleSite(principal: Principal, id: number) {
    const site = await repo.byId(db, id);
    if (!site || !inScope(principal, site.agentDeptId)) throw notFound(noSuch('site', id));
    return site;
  }

  return {
    /** The sites the caller sees, a page at a time and as a file. */
    ...declaredList<Principal, SiteQuery, SiteRow, Site>({
      name: 'sites',
      columns: SITE_COLUMNS,
      sortable: siteSortable,
      order: siteOrder,
      read: (principal, query, paging) => repo.page(db, principal.scope, query, paging),
      // With the sales there today, this week and this month, of the agents the caller reaches.
      answer: async (principal, rows) =>
        (await withPeriodFigures(db, 'site', rows, await agentIdsInScope(db, principal.scope), clock.now())).map(toDto),
    }),

    async create(principal: Principal, input: SiteCreateInput): Promise<void> {
      const agent = await agentById(db, input.agentId);
      if (!agent || !inScope(principal, agent.deptId)) {
        throw forbiddenField('agentId', unknownInReach('agent', input.agentId));
      }
      if (agent.status !== 'ACTIVE') {
        throw invalidField('agentId', { key: 'errors.sites.agentNotActive', values: { name: agent.name } });
      }
      const fields = await checkedFields(input);
      await repo.insert(db, {
        ...fields,
        agentId: agent.id,
        status: input.status ?? 'ACTIVE',
        createBy: principal.username,
        updateBy: principal.username,
      });
    },

    async update(principal: Principal, input: SiteUpdateInput): Promise<void> {
      const site = await visibleSite(principal, input.id);
      const fields = await checkedFields(input);
      if (input.status === 'CLOSED' && site.status !== 'CLOSED' && site.machines > 0) {
        throw badRequest({
          key: 'errors.sites.machinesStandClosing',
          values: { machines: site.machines, name: site.name },
        });
      }
      const updated = await repo.update(db, site.id, {
        ...fields,
        ...(input.status ? { status: input.status } : {}),
        updateBy: principal.username,
        updateTime: clock.now(),
      });
      if (!updated) throw notFound(noSuch('site', site.id));
    },

    async remove(principal: Principal, ids: number[]): Promise<void> {
      const doomed = [];
      for (const id of new Set(ids)) doomed.push(await visibleSite(principal, id));
      const busy = doomed.filter((site) => site.machines > 0);
      if (busy.length > 0) {
        throw badRequest({
          key: 'errors.sites.machinesStand',
          values: { names: quotedNames(busy.map((site) => site.name)) },
        });
      }
      await repo.delete(
        db,
        doomed.map((site) => site.id),
      );
    },
  };
}
