import type { Machine } from '@water/contract/machines';
import { Empty, Skeleton, Timeline, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAllocations } from '../api/machines.ts';
import { MachineDrawer } from './machine-drawer.tsx';

/** A machine's allocations, recalls and transfers, newest first, in a drawer. */
export function AllocationHistory({ machine, onClose }: { machine: Machine | undefined; onClose: () => void }) {
  const { t } = useTranslation();
  const history = useAllocations(machine?.id);
  const stock = t('machines.stock');
  return (
    <MachineDrawer
      machine={machine}
      onClose={onClose}
      title={t('machines.historyTitle', { serial: machine?.serialNo ?? '' })}
      width={480}
    >
      {history.isPending ? (
        <Skeleton active />
      ) : !history.data?.length ? (
        <Empty description={t('machines.noHistory')} />
      ) : (
        <Timeline
          items={history.data.map((line) => ({
            key: line.id,
            content: (
              <>
                <Typography.Text strong>{t(`machines.actions.${line.action}`)}</Typography.Text>{' '}
                {line.fromAgent ?? stock} → {line.toAgent ?? stock}
                <br />
                <Typography.Text type="secondary">
                  {line.createTime} · {line.createBy} · {line.batchNo}
                </Typography.Text>
                {line.note && <div>{line.note}</div>}
              </>
            ),
          }))}
        />
      )}
    </MachineDrawer>
  );
}
