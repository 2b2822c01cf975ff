import { firmwareLocales } from '@water/contract/texts/firmware';
import { Descriptions, Empty, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { FirmwareUpdateList } from '@/components/machines/firmware-update-list.tsx';
import { addPageTexts } from '@/lib/i18n-pages.ts';
import { useMachineFirmwareUpdates } from '../api/machine-firmware.ts';

addPageTexts('firmware', firmwareLocales);

/** A machine's firmware: the version it runs, and its updates (newest first), refreshed while one is under way. */
export function MachineFirmware({ machine }: { machine: { id: number; firmware: string | null } }) {
  const { t } = useTranslation();
  const updates = useMachineFirmwareUpdates(machine.id);
  const rows = updates.data?.content ?? [];
  return (
    <>
      <Descriptions size="small" column={1} style={{ marginBottom: 12 }}>
        <Descriptions.Item label={t('firmware.installed')}>
          {machine.firmware ? <code>{machine.firmware}</code> : t('firmware.unknownVersion')}
        </Descriptions.Item>
      </Descriptions>
      {updates.isLoading ? (
        <Skeleton active />
      ) : rows.length === 0 ? (
        <Empty description={t('firmware.noUpdates')} />
      ) : (
        <FirmwareUpdateList updates={rows} label={t('firmware.tab')} of="machine" />
      )}
    </>
  );
}
