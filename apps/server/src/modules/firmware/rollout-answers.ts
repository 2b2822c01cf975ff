import { Rollout } from '@water/contract/firmware';
import type { Database } from '../../db/client.ts';
import { type Language, render } from '../../lib/texts.ts';
import { wireOf } from '../../lib/wire.ts';
import { firmwareRepository as repo } from './firmware.repository.ts';

type RolloutWith = NonNullable<Awaited<ReturnType<typeof repo.rolloutById>>>;

/** Rollouts as the console shows them: each stage's updates by state, the halt's reason in the reader's language. */
export function rolloutAnswers(db: Database) {
  return async (rows: readonly RolloutWith[], language: Language): Promise<Rollout[]> => {
    const ids = rows.map((row) => row.rollout.id);
    const [counts, rollbacks] = await Promise.all([repo.stageCounts(db, ids), repo.rollbacksOf(db, ids)]);
    return rows.map(({ rollout, version, modelId, modelName }) => {
      const mine = counts.filter((row) => row.rolloutId === rollout.id);
      const byState = (rowsOf: typeof mine) => {
        const all: Record<string, number> = {};
        for (const row of rowsOf) all[row.state] = (all[row.state] ?? 0) + row.n;
        return all;
      };
      const stages = rollout.stageEnds.map((end, index) => ({
        stage: index + 1,
        size: end - (index === 0 ? 0 : (rollout.stageEnds[index - 1] as number)),
        counts: byState(mine.filter((row) => row.stage === index + 1)),
        started: index + 1 <= rollout.currentStage,
      }));
      return wireOf(Rollout, {
        ...rollout,
        version,
        modelId,
        modelName,
        haltReason: rollout.haltReason ? render(language, rollout.haltReason) : null,
        total: rollout.stageEnds.at(-1) ?? 0,
        stages,
        counts: byState(mine),
        rolledBackBy: rollbacks.find((row) => row.rollbackOf === rollout.id)?.id ?? null,
      });
    });
  };
}
