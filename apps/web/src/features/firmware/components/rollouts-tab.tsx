import { Empty, Flex, Pagination, Skeleton } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRollouts } from '../api/firmware.ts';
import { RolloutCard } from './rollout-card.tsx';
import { RolloutUpdates } from './rollout-updates.tsx';

/** The rollouts, newest first, each with its stages' progress; refreshed while one goes out. */
export function RolloutsTab() {
  const { t } = useTranslation();
  const [page, setPage] = useState(0);
  const [shown, setShown] = useState<number>();
  const rollouts = useRollouts(page);
  const rows = rollouts.data?.content ?? [];
  if (rollouts.isLoading) return <Skeleton active />;
  return (
    <>
      {rows.length === 0 ? (
        <Empty description={t('firmware.noRollouts')} />
      ) : (
        <Flex vertical gap={12}>
          {rows.map((rollout) => (
            <RolloutCard key={rollout.id} rollout={rollout} onMachines={() => setShown(rollout.id)} />
          ))}
          <Pagination
            size="small"
            current={page + 1}
            pageSize={10}
            total={rollouts.data?.totalElements ?? 0}
            onChange={(next) => setPage(next - 1)}
            showSizeChanger={false}
            hideOnSinglePage
          />
        </Flex>
      )}
      <RolloutUpdates rolloutId={shown} onClose={() => setShown(undefined)} />
    </>
  );
}
