import { EditOutlined } from '@ant-design/icons';
import { WORK_ORDER_PERMISSIONS as P, type Technician, type TechnicianRegionInput } from '@water/contract/work-orders';
import { Button, Form, List, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ACTIVE_AGENTS } from '@/components/agents/agent-entities.ts';
import { EntitySelect } from '@/components/entity-select.tsx';
import { FormModal } from '@/components/form-modal.tsx';
import { usePermission } from '@/components/permission.tsx';
import { SITES } from '@/components/sites/site-entities.ts';
import { useSetRegion, useTechnicians } from '../api/work-orders.ts';

/** Each technician's region (an agent, or some sites) and open orders; staff who assign set the regions. */
export function TechniciansTab() {
  const { t } = useTranslation();
  const can = usePermission();
  const technicians = useTechnicians();
  const [editing, setEditing] = useState<Technician | undefined>();
  const [form] = Form.useForm<TechnicianRegionInput>();
  const setRegion = useSetRegion();
  const regionOf = (user: Technician) =>
    user.agentName ?? (user.siteNames.length > 0 ? user.siteNames.join('、') : t('workOrders.noRegion'));
  return (
    <>
      <List<Technician>
        loading={technicians.isPending}
        dataSource={technicians.data ?? []}
        rowKey={(user) => user.userId}
        renderItem={(user) => (
          <List.Item
            actions={
              can([P.assign])
                ? [
                    <Button
                      key="edit"
                      size="small"
                      icon={<EditOutlined aria-hidden />}
                      onClick={() => setEditing(user)}
                    >
                      {t('workOrders.setRegion')}
                    </Button>,
                  ]
                : []
            }
          >
            <List.Item.Meta
              title={`${user.nickName} (${user.username})`}
              description={
                <>
                  {t('workOrders.region')}: {regionOf(user)}
                  <br />
                  <Typography.Text type="secondary">
                    {t('workOrders.openOrders')}: {user.openOrders}
                  </Typography.Text>
                </>
              }
            />
          </List.Item>
        )}
      />
      <FormModal<TechnicianRegionInput>
        open={editing !== undefined}
        title={`${t('workOrders.setRegion')} · ${editing?.nickName ?? ''}`}
        form={form}
        editing
        initialValues={{ agentId: editing?.agentId ?? null, siteIds: editing?.siteIds ?? [] }}
        onSubmit={(values) =>
          setRegion.mutateAsync({
            userId: editing?.userId as number,
            agentId: values.agentId ?? null,
            siteIds: values.siteIds ?? [],
          })
        }
        onClose={() => setEditing(undefined)}
      >
        <Form.Item name="agentId" label={t('workOrders.regionAgent')}>
          <EntitySelect entity={ACTIVE_AGENTS} allowClear />
        </Form.Item>
        <Form.Item name="siteIds" label={t('workOrders.regionSites')}>
          <EntitySelect entity={SITES} mode="multiple" allowClear />
        </Form.Item>
      </FormModal>
    </>
  );
}
