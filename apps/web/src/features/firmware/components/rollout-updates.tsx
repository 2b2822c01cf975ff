import { Drawer, Empty, Pagination, Skeleton, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChangeHistory } from '@/components/change-history/change-history.tsx';
import { FirmwareUpdateList } from '@/components/machines/firmware-update-list.tsx';
import { Permission } from '@/components/permission.tsx';
import { useRolloutUpdates } from '../api/firmware.ts';

/** A rollout's machines with their updates' states, refreshed while shown. */
export function RolloutUpdates({ rolloutId, onClose }: { rolloutId: number | undefined; onClose: () => void }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(0);
  const updates = useRolloutUpdates(rolloutId, page);
  const rows = updates.data?.content ?? [];
  return (
    <Drawer
      open={rolloutId !== undefined}
      onClose={onClose}
      title={t('firmware.updatesOf', { id: rolloutId ?? '' })}
      size="min(520px, 100vw)"
      destroyOnHidden
    >
      {updates.isLoading ? (
        <Skeleton active />
      ) : rows.length === 0 ? (
        <Empty description={t('firmware.noUpdates')} />
      ) : (
        <>
          <FirmwareUpdateList updates={rows} label={t('firmware.machines')} of="rollout" />
          <Pagination
            size="small"
            current={page + 1}
            pageSize={20}
            total={updates.data?.totalElements ?? 0}
            onChange={(next) => setPage(next - 1)}
            showSizeChanger={false}
            style={{ marginTop: 12 }}
          />
          <Permission allow={['audit:list']}>
            <Typography.Title level={5} style={{ marginTop: 24 }}>
              {t('audit.history')}
            </Typography.Title>
            <ChangeHistory recordType="firmware-rollout" recordId={rolloutId ?? 0} />
          </Permission>
        </>
      )}
    </Drawer>
  );
}
