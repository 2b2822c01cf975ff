import type { OperationLog } from '@water/contract/logs';
import { Alert, Descriptions, Drawer, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { addressLabel } from '@/lib/address-label.ts';
import { useSeededText } from '@/lib/menu-title.ts';
import { useErrorDetail } from '../api/get-error-detail.ts';
import { formatParams, RequestCell } from './request-cell.tsx';

const pre = { margin: 0, whiteSpace: 'pre-wrap', wordBreak: 'break-word', fontSize: 12 } as const;

/** A failed operation in full: the request, who sent it from where, and what went wrong. */
export function ErrorDetailDrawer({ entry, onClose }: { entry: OperationLog | undefined; onClose: () => void }) {
  const { t } = useTranslation();
  const seeded = useSeededText();
  const detail = useErrorDetail(entry?.id);
  const params = formatParams(entry?.params ?? null);
  return (
    <Drawer
      open={entry !== undefined}
      onClose={onClose}
      title={t('logs.detailTitle')}
      size="min(720px, 100vw)"
      destroyOnHidden
    >
      {entry && (
        <Descriptions column={1} size="small" bordered styles={{ label: { width: 120 } }}>
          <Descriptions.Item label={t('logs.createTime')}>{entry.createTime}</Descriptions.Item>
          <Descriptions.Item label={t('logs.username')}>{entry.username}</Descriptions.Item>
          <Descriptions.Item label={t('logs.description')}>{seeded(entry.description ?? '')}</Descriptions.Item>
          <Descriptions.Item label={t('logs.request')}>
            <RequestCell method={entry.method} />
          </Descriptions.Item>
          <Descriptions.Item label={t('logs.params')}>
            {params ? (
              <pre style={pre}>{params}</pre>
            ) : (
              <Typography.Text type="secondary">{t('logs.noParams')}</Typography.Text>
            )}
          </Descriptions.Item>
          <Descriptions.Item label={t('logs.ip')}>
            {[entry.requestIp, addressLabel(entry.address)].filter(Boolean).join(' · ')}
          </Descriptions.Item>
          <Descriptions.Item label={t('logs.browser')}>{entry.browser}</Descriptions.Item>
          <Descriptions.Item label={t('logs.duration')}>
            {entry.time === null ? '' : t('logs.durationMs', { ms: entry.time })}
          </Descriptions.Item>
          <Descriptions.Item label={t('logs.exception')}>
            {detail.isPending ? (
              <Skeleton active paragraph={{ rows: 2 }} title={false} />
            ) : detail.isError ? (
              <Alert type="warning" showIcon title={t('logs.detailFailed')} />
            ) : detail.data ? (
              <pre style={pre}>{detail.data}</pre>
            ) : (
              <Typography.Text type="secondary">{t('logs.noException')}</Typography.Text>
            )}
          </Descriptions.Item>
        </Descriptions>
      )}
    </Drawer>
  );
}
