import { WORK_ORDER_PERMISSIONS as P, type WorkOrderDetail } from '@water/contract/work-orders';
import { App, Button, Descriptions, Drawer, Result, Select, Skeleton, Space, Timeline, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermission } from '@/components/permission.tsx';
import { useConfirm } from '@/components/use-confirm.ts';
import { useSession } from '@/lib/session.ts';
import { useMoveWorkOrder, useTechnicians, useWorkOrder } from '../api/work-orders.ts';
import { CompletionForm } from './completion-form.tsx';
import { type ButtonEvent, workOrderActions } from './work-order-actions.ts';
import { WorkOrderPhotos } from './work-order-photos.tsx';
import { WorkOrderSla } from './work-order-sla.tsx';
import { PriorityTag, WorkOrderStateTag } from './work-order-tags.tsx';

/** One order in a drawer: what and where, the moves the user may make, the completion form, the timeline. */
export function WorkOrderDrawer({ id, onClose }: { id: number | undefined; onClose: () => void }) {
  const { t } = useTranslation();
  const query = useWorkOrder(id);
  const order = query.data;
  return (
    <Drawer
      open={id !== undefined}
      onClose={onClose}
      title={t('workOrders.detail', { id: id ?? '' })}
      size="min(560px, 100vw)"
      destroyOnHidden
    >
      {/* A refetch that fails (the network dropped on site) keeps the order and its form on screen. */}
      {query.isError && !order ? (
        <Result status="warning" title={t('workOrders.empty')} />
      ) : !order ? (
        <Skeleton active />
      ) : (
        <WorkOrderBody order={order} />
      )}
    </Drawer>
  );
}

function WorkOrderBody({ order }: { order: WorkOrderDetail }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const can = usePermission();
  const confirm = useConfirm();
  const userId = useSession((state) => state.user?.id);
  const move = useMoveWorkOrder();
  const actions = workOrderActions(order, { id: userId, can });
  const technicians = useTechnicians(actions.assign);
  const [technicianId, setTechnicianId] = useState<number | undefined>();
  const moveTo = async (event: ButtonEvent | 'ASSIGN', extra: { technicianId?: number } = {}) => {
    await move.mutateAsync({ id: order.id, event, ...extra });
    message.success(t('workOrders.moved'));
  };
  const press = (event: ButtonEvent) =>
    event === 'CANCEL'
      ? confirm({
          title: t('workOrders.cancelConfirm', { id: order.id }),
          okText: t('workOrders.events.CANCEL'),
          onConfirm: () => moveTo(event),
        })
      : void moveTo(event).catch(() => undefined);
  const dash = (value: string | null) => value ?? '—';
  return (
    <>
      <Descriptions
        column={{ xs: 1, sm: 2 }}
        size="small"
        items={[
          { key: 'state', label: t('workOrders.state'), children: <WorkOrderStateTag state={order.state} /> },
          { key: 'priority', label: t('workOrders.priority'), children: <PriorityTag priority={order.priority} /> },
          { key: 'type', label: t('workOrders.type'), children: t(`workOrders.types.${order.type}`) },
          { key: 'machine', label: t('workOrders.machine'), children: order.serialNo },
          { key: 'site', label: t('workOrders.site'), children: dash(order.siteName) },
          { key: 'agent', label: t('workOrders.agent'), children: dash(order.agentName) },
          { key: 'technician', label: t('workOrders.technician'), children: dash(order.technicianName) },
          { key: 'created', label: t('workOrders.createTime'), children: order.createTime },
          { key: 'note', label: t('workOrders.note'), span: 2, children: dash(order.note) },
        ]}
      />
      {order.state !== 'CANCELLED' && <WorkOrderSla id={order.id} />}
      {(actions.buttons.length > 0 || actions.assign) && (
        <Space wrap style={{ marginTop: 16 }}>
          {actions.buttons.map((event) => (
            <Button
              key={event}
              danger={event === 'CANCEL'}
              type={event === 'CANCEL' ? 'default' : 'primary'}
              loading={move.isPending}
              onClick={() => press(event)}
            >
              {t(`workOrders.events.${event}`)}
            </Button>
          ))}
          {actions.assign && can([P.assign]) && (
            <Space.Compact>
              <Select<number>
                aria-label={t('workOrders.technician')}
                placeholder={t('workOrders.technician')}
                style={{ width: 180 }}
                value={technicianId}
                onChange={setTechnicianId}
                loading={technicians.isPending}
                options={(technicians.data ?? []).map((user) => ({ value: user.userId, label: user.nickName }))}
              />
              <Button
                disabled={technicianId === undefined}
                onClick={() => void moveTo('ASSIGN', { technicianId }).catch(() => undefined)}
              >
                {t('workOrders.events.ASSIGN')}
              </Button>
            </Space.Compact>
          )}
        </Space>
      )}
      {actions.complete && (
        <>
          <Typography.Title level={5} style={{ marginTop: 24 }}>
            {t('workOrders.completion')}
          </Typography.Title>
          <CompletionForm order={order} />
        </>
      )}
      {order.completion && (
        <>
          <Typography.Title level={5} style={{ marginTop: 24 }}>
            {t('workOrders.completion')}
          </Typography.Title>
          <Descriptions
            column={1}
            size="small"
            items={[
              {
                key: 'checks',
                label: t('workOrders.checklist'),
                children:
                  order.completion.checks
                    .map((check) => t(`workOrders.checks.${check}` as 'workOrders.checks.noLeak'))
                    .join('、') || '—',
              },
              { key: 'tdsBefore', label: t('workOrders.tdsBefore'), children: order.completion.tdsBefore ?? '—' },
              { key: 'tdsAfter', label: t('workOrders.tdsAfter'), children: order.completion.tdsAfter ?? '—' },
              {
                key: 'parts',
                label: t('workOrders.parts'),
                children:
                  order.completion.parts
                    .map((part) => `${[part.code, part.name].filter(Boolean).join(' ')} × ${part.quantity}`)
                    .join('、') || '—',
              },
              { key: 'note', label: t('workOrders.note'), children: order.completion.note ?? '—' },
              { key: 'confirmed', label: t('workOrders.confirmed'), children: order.confirmed ? '✓' : '—' },
            ]}
          />
          <WorkOrderPhotos id={order.id} names={order.completion.photos} />
        </>
      )}
      <Typography.Title level={5} style={{ marginTop: 24 }}>
        {t('workOrders.timeline')}
      </Typography.Title>
      <Timeline
        items={order.timeline.map((step, index) => ({
          key: index,
          color: step.toState === 'CANCELLED' ? 'gray' : step.toState === 'DONE' ? 'green' : 'blue',
          content: (
            <>
              <Typography.Text strong>
                {t(`workOrders.events.${step.event}` as 'workOrders.events.ASSIGN', { defaultValue: step.event })}
              </Typography.Text>
              {' · '}
              {step.actor === 'system' ? t('workOrders.system') : step.actor}
              {' · '}
              {t(`workOrders.states.${step.toState}`)}
              <br />
              <Typography.Text type="secondary">{step.time}</Typography.Text>
              {step.note && <div>{step.note}</div>}
            </>
          ),
        }))}
      />
    </>
  );
}
