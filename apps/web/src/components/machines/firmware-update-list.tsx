import type { FirmwareUpdate } from '@water/contract/firmware';
import { List, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { UpdateStateTag } from './update-state-tag.tsx';

/**
 * Firmware updates, one line each: what it is (a rollout's machine by serial number, or a
 * machine's update by version) with its state, then where it stands, the version it came from and
 * why it failed. The page adds the `firmware` texts.
 */
export function FirmwareUpdateList({
  updates,
  label,
  of,
}: {
  updates: readonly FirmwareUpdate[];
  label: string;
  /** Lines of a rollout's machines, or of a machine's updates. */
  of: 'rollout' | 'machine';
}) {
  const { t } = useTranslation();
  return (
    <List
      aria-label={label}
      dataSource={[...updates]}
      renderItem={(update) => (
        <List.Item key={update.id}>
          <List.Item.Meta
            title={
              <span>
                <code>{of === 'rollout' ? update.serialNo : update.version}</code>{' '}
                <UpdateStateTag state={update.state} percent={update.percent} />
              </span>
            }
            description={
              <Typography.Text type="secondary">
                {of === 'rollout'
                  ? `${t('firmware.stage')} ${update.stage}`
                  : `#${update.rolloutId} · ${update.sentTime ?? update.updateTime}`}
                {update.fromVersion ? ` · ${t('firmware.fromVersion')} ${update.fromVersion}` : ''}
                {update.error ? ` · ${update.error}` : ''}
              </Typography.Text>
            }
          />
        </List.Item>
      )}
    />
  );
}
