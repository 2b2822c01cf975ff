import type { PageOf } from '@water/contract/common';
import type { Member, MemberQuery } from '@water/contract/coupons';
import { agentIdsInScope } from '../../lib/agents.ts';
import type { Deps } from '../../lib/deps.ts';
import { toPaging } from '../../lib/list-query.ts';
import type { Principal } from '../../lib/principal.ts';
import { formatDateTime } from '../../lib/time.ts';
import type { Sheet } from '../../lib/xlsx.ts';
import { type MemberRow, memberOrder, memberSortable, membersRepository as repo } from './members.repository.ts';

/** `138****8000`: how staff see a member's phone. */
export function maskPhone(phone: string | null): string | null {
  if (!phone) return null;
  return phone.length >= 7 ? `${phone.slice(0, 3)}****${phone.slice(-4)}` : '****';
}

/** `oAbC…wXyZ`: how staff see a payment openid. */
export function maskOpenid(openid: string | null): string | null {
  if (!openid) return null;
  return openid.length > 8 ? `${openid.slice(0, 4)}…${openid.slice(-4)}` : '****';
}

function toDto(row: MemberRow): Member {
  return {
    id: row.id,
    phone: maskPhone(row.phone),
    openid: maskOpenid(row.openid),
    agentId: row.agentId,
    agentName: row.agentName,
    orders: row.orderCount,
    paidTotal: row.paidTotal,
    lastOrderTime: formatDateTime(row.lastOrderTime),
    unusedCoupons: row.unusedCoupons,
    createTime: formatDateTime(row.createTime) as string,
  };
}

export type MembersService = ReturnType<typeof createMembersService>;

/**
 * Members: consumers known by phone or payment openid, credited to the agent whose machine first
 * saw them; staff see them masked, within their data scope.
 */
export function createMembersService({ db }: Pick<Deps, 'db'>) {
  return {
    async list(principal: Principal, query: MemberQuery): Promise<PageOf<Member>> {
      const agentIds = await agentIdsInScope(db, principal.scope);
      const page = await repo.page(db, agentIds, query, toPaging(query, memberSortable, memberOrder));
      return { content: page.content.map(toDto), totalElements: page.totalElements };
    },

    async exportSheet(principal: Principal, filter: Omit<MemberQuery, 'page' | 'size'>): Promise<Sheet<Member>> {
      const agentIds = await agentIdsInScope(db, principal.scope);
      const { content } = await repo.page(
        db,
        agentIds,
        filter,
        toPaging({ sort: filter.sort }, memberSortable, memberOrder),
      );
      return {
        name: 'members',
        columns: [
          { header: 'Phone', value: (m) => m.phone },
          { header: 'Openid', value: (m) => m.openid },
          { header: 'Agent', value: (m) => m.agentName },
          { header: 'Paid orders', value: (m) => m.orders },
          { header: 'Paid (yuan)', value: (m) => m.paidTotal / 100 },
          { header: 'Last order', value: (m) => m.lastOrderTime },
          { header: 'Unused coupons', value: (m) => m.unusedCoupons },
          { header: 'Joined', value: (m) => m.createTime },
        ],
        rows: content.map(toDto),
      };
    },
  };
}
