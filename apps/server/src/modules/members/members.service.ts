import type { PageOf } from '@water/contract/common';
import { Member, type MemberQuery } from '@water/contract/coupons';
import { MEMBER_COLUMNS } from '@water/contract/coupons-columns';
import type { Database } from '../../db/client.ts';
import type { Principal } from '../../domain/principal.ts';
import type { Deps } from '../../lib/deps.ts';
import { noSuch, notFound } from '../../lib/http-errors.ts';
import { toPaging } from '../../lib/list-query.ts';
import type { ListSheet } from '../../lib/list-sheet.ts';
import { wireOf } from '../../lib/wire.ts';
import { agentIdsInScope } from '../agents/agent-directory.ts';
import type { SaleEvent } from '../orders/sale-events.ts';
import { type MemberRow, memberOrder, memberSortable, membersRepository as repo } from './members.repository.ts';

/** A consumer as a machine names them: by phone or by the payment channel's openid. */
export type MemberKey = { phone?: string; openid?: string };

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

/** A member as staff see it; the agent that acquired it is named only when within their reach. */
function toDto(row: MemberRow, reach: readonly number[] | null): Member {
  const acquirerSeen = row.agentId !== null && (reach === null || reach.includes(row.agentId));
  return wireOf(Member, {
    ...row,
    phone: maskPhone(row.phone),
    openid: maskOpenid(row.openid),
    agentId: acquirerSeen ? row.agentId : null,
    agentName: acquirerSeen ? row.agentName : null,
    orders: row.orderCount,
  });
}

export type MembersService = ReturnType<typeof createMembersService>;

/**
 * Members: consumers known by phone or payment openid, credited to the agent whose machine first
 * saw them; staff see them masked, within their data scope: those acquired by the agents they
 * reach and those who bought from them, with what they bought there (platform staff: everywhere).
 */
export function createMembersService({ db }: Pick<Deps, 'db'>) {
  return {
    /**
     * The member of a phone or openid, made on first sight and credited to the agent given. With
     * `seenAt`, a machine of that agent saw them then: it acquires a member nobody had yet, and
     * the member is known since then if that is earlier.
     */
    memberOf(tx: Database, key: MemberKey, agentId: number | null, seenAt?: Date): Promise<number> {
      return repo.memberOf(tx, key, agentId, seenAt);
    },

    /** The members of those ids, each one the principal sees, or 404 naming the first that is not. */
    async seenBy(principal: Principal, ids: readonly number[]) {
      const reach = await agentIdsInScope(db, principal.scope);
      const seen = await repo.seen(db, reach, ids);
      const missing = ids.find((id) => !seen.some((member) => member.id === id));
      if (missing !== undefined) throw notFound(noSuch('member', missing));
      return seen;
    },

    /** The member of a phone or openid, if known. */
    find(key: MemberKey) {
      return repo.find(db, key);
    },

    /** How many paid orders the member has (1 with its first). */
    async paidOrders(tx: Database, id: number): Promise<number> {
      return (await repo.byId(tx, id))?.orderCount ?? 0;
    },

    /**
     * A sale's events, as a member's figures follow them: a paid order counts (a late payment for
     * a closed order does not: it goes back), a refund takes its money off.
     */
    async onSale(tx: Database, event: SaleEvent): Promise<void> {
      if (event.type === 'CLOSED' || event.type === 'CREATED' || event.order.memberId === null) return;
      const { memberId, agentId } = event.order;
      if (event.type === 'PAID' && !event.late) await repo.addPaid(tx, memberId, agentId, event.amount, event.at);
      if (event.type === 'REFUNDED' && event.order.state !== 'CLOSED') {
        await repo.subtractRefund(tx, memberId, agentId, event.amount);
      }
    },

    async list(principal: Principal, query: MemberQuery): Promise<PageOf<Member>> {
      const reach = await agentIdsInScope(db, principal.scope);
      const page = await repo.page(db, reach, query, toPaging(query, memberSortable(db, reach), memberOrder));
      return { content: page.content.map((row) => toDto(row, reach)), totalElements: page.totalElements };
    },

    async exportSheet(principal: Principal, filter: Omit<MemberQuery, 'page' | 'size'>): Promise<ListSheet<Member>> {
      const reach = await agentIdsInScope(db, principal.scope);
      const { content } = await repo.page(
        db,
        reach,
        filter,
        toPaging({ sort: filter.sort }, memberSortable(db, reach), memberOrder),
      );
      return { name: 'members', columns: MEMBER_COLUMNS, rows: content.map((row) => toDto(row, reach)) };
    },
  };
}
