import type { PageOf, PageQuery } from '@water/contract/common';
import { ONLINE_COLUMNS, type OnlineUser } from '@water/contract/logs';
import { assertCanManageUsers, type Principal } from '../../domain/principal.ts';
import { addressOf, browserOf } from '../../lib/client-info.ts';
import type { Deps } from '../../lib/deps.ts';
import { sortKeys, sortRows } from '../../lib/list-query.ts';
import type { ListSheet } from '../../lib/list-sheet.ts';
import { formatDateTime } from '../../lib/time.ts';
import { onlineRepository as repo } from './online.repository.ts';

export type OnlineService = ReturnType<typeof createOnlineService>;

const SORTABLE = ['userName', 'nickName', 'dept', 'ip', 'browser', 'loginTime', 'lastSeen'] as const;

/**
 * eladmin-web asks for its online list `sort=id,desc`; a session has no id to sort by, and
 * eladmin's own server answers by sign-in time, so `id` means the sign-in time here.
 */
const withLegacySort = (sort: string | string[] | undefined) =>
  (Array.isArray(sort) ? sort : sort === undefined ? [] : [sort]).map((key) => key.replace(/^id(?=,|$)/, 'loginTime'));

/** Who is signed in now, one row per session, and kicking sessions out. */
export function createOnlineService({ db, clock, sessions }: Pick<Deps, 'db' | 'clock' | 'sessions'>) {
  /** The sessions the principal may see, matching the search, in the order asked for. */
  async function live(principal: Principal, query: Pick<PageQuery, 'sort'> & { username?: string }) {
    const order = sortKeys(withLegacySort(query.sort), SORTABLE);
    const rows = await repo.live(db, clock.now(), query.username, principal.scope);
    return sortRows(
      rows.map(
        (row): OnlineUser => ({
          key: row.session.id,
          uid: row.session.id,
          userName: row.user.username,
          nickName: row.user.nickName,
          dept: row.dept,
          browser: browserOf(row.session.browser ?? undefined),
          ip: row.session.ip,
          address: addressOf(row.session.ip ?? undefined),
          loginTime: formatDateTime(row.session.loginTime) as string,
          lastSeen: formatDateTime(row.session.lastSeen),
        }),
      ),
      order,
    );
  }

  return {
    /** Sessions of the users within the caller's data scope. */
    async list(principal: Principal, query: PageQuery & { username?: string }): Promise<PageOf<OnlineUser>> {
      const all = await live(principal, query);
      const size = query.size ?? 10;
      const start = (query.page ?? 0) * size;
      return { content: query.page === undefined ? all : all.slice(start, start + size), totalElements: all.length };
    },

    /** Every session the list would show, as a sheet. */
    async exportSheet(principal: Principal, query: { username?: string }): Promise<ListSheet<OnlineUser>> {
      return { name: 'online-users', columns: ONLINE_COLUMNS, rows: await live(principal, query) };
    },

    /**
     * Ends the sessions named, on every instance at once; unknown ones are ignored. Signing a user
     * out follows the rule for editing them: nobody outside the caller's scope or above its level.
     */
    async kick(principal: Principal, ids: string[]): Promise<void> {
      const found = await repo.withUsers(db, ids);
      await assertCanManageUsers(
        db,
        principal,
        found.map((row) => row.user),
        'signOut',
      );
      await sessions.revoke(
        found.map((row) => row.id),
        'kicked',
      );
    },
  };
}
