import { Drawer, Empty, List, Pagination, Skeleton, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { UpdateStateTag } from '@/components/machines/update-state-tag.tsx';
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
          <List
            aria-label={t('firmware.machines')}
            dataSource={rows}
            renderItem={(update) => (
              <List.Item key={update.id}>
                <List.Item.Meta
                  title={
                    <span>
                      <code>{update.serialNo}</code> <UpdateStateTag state={update.state} percent={update.percent} />
                    </span>
                  }
                  description={
                    <Typography.Text type="secondary">
                      {t('firmware.stage')} {update.stage}
                      {update.fromVersion ? ` · ${t('firmware.fromVersion')} ${update.fromVersion}` : ''}
                      {update.error ? ` · ${update.error}` : ''}
                    </Typography.Text>
                  }
                />
              </List.Item>
            )}
          />
          <Pagination
            size="small"
            current={page + 1}
            pageSize={20}
            total={updates.data?.totalElements ?? 0}
            onChange={(next) => setPage(next - 1)}
            showSizeChanger={false}
            style={{ marginTop: 12 }}
          />
        </>
      )}
    </Drawer>
  );
}
