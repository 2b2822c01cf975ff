import type { CardLiability, CardLiabilityQuery } from '@water/contract/cards';
import { CARD_LIABILITY_COLUMNS } from '@water/contract/cards-columns';
import { asFen } from '@water/contract/money';
import { percentOf } from '../../domain/money.ts';
import type { Principal } from '../../domain/principal.ts';
import type { Deps } from '../../lib/deps.ts';
import { declaredList } from '../../lib/list-sheet.ts';
import { agentIdsInScope } from '../agents/agent-directory.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import { cardsRepository as repo } from './cards.repository.ts';
import type { CardSettings } from './cards.service.ts';

/**
 * What each agent owes its cardholders: the balances of its cards (principal and bonus apart),
 * beside its ledger accounts of them (the two are equal to the fen), and whether its available
 * commission covers the configured share of them.
 */
export function createCardLiabilities(
  { db }: Pick<Deps, 'db'>,
  { ledger, cardSettings }: { ledger: LedgerService; cardSettings: () => Promise<CardSettings> },
) {
  async function report(principal: Principal, query: Omit<CardLiabilityQuery, 'page' | 'size'>) {
    const agentIds = await agentIdsInScope(db, principal.scope);
    const [rows, { reserveSharePct }] = await Promise.all([
      repo.balancesByAgent(db, agentIds, query.agentId),
      cardSettings(),
    ]);
    const share = String(reserveSharePct);
    return Promise.all(
      rows.map(async (row): Promise<CardLiability> => {
        const [principal, bonus, payable] = await ledger.accountBalances([
          { type: 'CARD_PRINCIPAL', agentId: row.agentId },
          { type: 'CARD_BONUS', agentId: row.agentId },
          { type: 'COMMISSION_PAYABLE', agentId: row.agentId },
        ]);
        const total = asFen(row.principal + row.bonus);
        const reserve = asFen(-(payable ?? 0));
        const reserveRequired = percentOf(total, share);
        return {
          ...row,
          total,
          ledgerPrincipal: asFen(-(principal ?? 0)),
          ledgerBonus: asFen(-(bonus ?? 0)),
          reserve,
          reserveRequired,
          reserveShort: reserve < reserveRequired,
        };
      }),
    );
  }

  const list = declaredList<Principal, CardLiabilityQuery, CardLiability, CardLiability>({
    name: 'card-liabilities',
    columns: CARD_LIABILITY_COLUMNS,
    sortable: {},
    order: [],
    read: async (principal, query, paging) => {
      const rows = await report(principal, query);
      const end = paging.limit === undefined ? undefined : paging.offset + paging.limit;
      return { content: rows.slice(paging.offset, end), totalElements: rows.length };
    },
    toWire: (row) => row,
  });

  return { liabilities: list.list, exportLiabilities: list.exportSheet };
}
