import type { Database } from '../../db/client.ts';
import { periodOf } from '../../domain/periods.ts';
import { ledgerRepository as repo } from './ledger.repository.ts';
import { statementOf } from './statements.ts';

/** Which statements to make: a closed period's, of every agent or of one. */
export interface StatementsWanted {
  period: string;
  agentId?: number;
}

const STATEMENT_ACCOUNTS = ['COMMISSION_PAYABLE', 'COMMISSION_HELD'] as const;

/**
 * Makes the agents' statements of a closed period, one agent after another, telling how far it
 * got. A statement already made is left as it was, so a run cut off mid-way and run again makes
 * each agent's statement once. An open period's statements are not made: they may still change.
 */
export async function makeStatements(
  db: Database,
  { period, agentId }: StatementsWanted,
  progress: (percent: number) => Promise<void>,
): Promise<number> {
  const { firstDay, lastDay } = periodOf(period);
  const closedThrough = (await repo.periods(db))[0]?.lastDay ?? null;
  if (closedThrough === null || closedThrough < lastDay) return 0;
  const agents = await repo.agentBalances(db, agentId === undefined ? null : [agentId]);
  let made = 0;
  for (const [index, agent] of agents.entries()) {
    if (!(await repo.savedStatement(db, agent.agentId, period))) {
      const movements = await repo.agentMovements(db, agent.agentId, STATEMENT_ACCOUNTS, firstDay, lastDay);
      const statement = statementOf({ id: agent.agentId, name: agent.agentName }, period, movements, closedThrough);
      await repo.saveStatement(db, statement);
      made += 1;
    }
    await progress(((index + 1) / agents.length) * 100);
  }
  return made;
}
