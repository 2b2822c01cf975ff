import { CameraOutlined, EnvironmentOutlined } from '@ant-design/icons';
import type { WorkOrder } from '@water/contract/work-orders';
import { Alert, Button, Descriptions, Flex, Input, Modal, Skeleton, Space, Tag } from 'antd';
import { lazy, Suspense, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMachineAtHand } from '../api/work-orders.ts';
import { placeOf, stickerCodeOf, wayTo } from '../lib/field-trip.ts';
import { PriorityTag, WorkOrderStateTag } from './work-order-tags.tsx';

const StickerScanner = lazy(() => import('./sticker-scanner.tsx'));

/**
 * Opens the machine a technician stands at: its sticker's code typed, or read by the camera. Shows
 * where it is, how it is and the caller's open orders on it; an order opens in the detail.
 */
export function MachineFinder({ onOpen }: { onOpen: (order: WorkOrder) => void }) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const [code, setCode] = useState<string | null>(null);
  const [scanning, setScanning] = useState(false);
  const [wrong, setWrong] = useState(false);
  const machine = useMachineAtHand(code);
  const find = (text: string) => {
    const found = stickerCodeOf(text);
    setWrong(found === null && text.trim() !== '');
    setCode(found);
  };
  const scanned = useCallback((found: string) => {
    setScanning(false);
    setTyped(found);
    setWrong(false);
    setCode(found);
  }, []);
  const answer = machine.data;
  const place = answer ? placeOf(answer) : null;
  return (
    <Flex vertical gap={8} style={{ marginBottom: 12 }}>
      <Space.Compact style={{ width: '100%' }}>
        <Input.Search
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          onSearch={find}
          placeholder={t('workOrders.stickerCode')}
          aria-label={t('workOrders.stickerCode')}
          enterButton={t('workOrders.openMachine')}
          maxLength={300}
          allowClear
        />
        <Button
          icon={<CameraOutlined aria-hidden />}
          onClick={() => setScanning(true)}
          aria-label={t('workOrders.scan')}
        />
      </Space.Compact>
      {wrong && <Alert type="warning" showIcon title={t('workOrders.notASticker')} />}
      {code !== null && machine.isError && (
        <Alert type="warning" showIcon title={t('workOrders.noMachineHere', { code })} />
      )}
      {code !== null && machine.isLoading && <Skeleton active paragraph={{ rows: 2 }} />}
      {answer && (
        <section aria-label={answer.serialNo}>
          <Descriptions
            size="small"
            column={1}
            bordered
            title={answer.serialNo}
            extra={
              place && (
                <Button
                  href={wayTo(place, answer.siteName ?? answer.serialNo)}
                  target="_blank"
                  rel="noreferrer"
                  icon={<EnvironmentOutlined aria-hidden />}
                >
                  {t('workOrders.navigate')}
                </Button>
              )
            }
            items={[
              {
                key: 'site',
                label: t('workOrders.site'),
                children: [answer.siteName, answer.siteAddress].filter(Boolean).join(' · ') || '-',
              },
              {
                key: 'online',
                label: t('workOrders.online'),
                children: (
                  <Tag color={answer.online ? 'success' : 'default'}>
                    {t(answer.online ? 'workOrders.isOnline' : 'workOrders.isOffline')}
                  </Tag>
                ),
              },
              { key: 'tds', label: t('workOrders.tdsOut'), children: answer.tdsOut ?? '-' },
              { key: 'serviced', label: t('workOrders.lastServiced'), children: answer.lastServiced ?? '-' },
            ]}
          />
          <Flex vertical gap={6} style={{ marginTop: 8 }}>
            {answer.orders.length === 0 && <Alert type="info" showIcon title={t('workOrders.noOpenOrderHere')} />}
            {answer.orders.map((order) => (
              <Button key={order.id} block onClick={() => onOpen(order)} style={{ justifyContent: 'space-between' }}>
                <span>
                  #{order.id} {t(`workOrders.types.${order.type}`)}
                </span>
                <span>
                  <PriorityTag priority={order.priority} />
                  <WorkOrderStateTag state={order.state} />
                </span>
              </Button>
            ))}
          </Flex>
        </section>
      )}
      <Modal
        open={scanning}
        title={t('workOrders.scan')}
        onCancel={() => setScanning(false)}
        footer={null}
        destroyOnHidden
        width={420}
      >
        <Suspense fallback={<Skeleton active />}>{scanning && <StickerScanner onCode={scanned} />}</Suspense>
      </Modal>
    </Flex>
  );
}
