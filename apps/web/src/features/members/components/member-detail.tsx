import { GiftOutlined } from '@ant-design/icons';
import { COUPON_PERMISSIONS, type Coupon, type Member } from '@water/contract/coupons';
import { ORDER_PERMISSIONS, type Order } from '@water/contract/orders';
import { App, Button, Descriptions, Drawer, Form, Modal, Select, Space, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DetailTable } from '@/components/list/detail-table.tsx';
import { usePermission } from '@/components/permission.tsx';
import { formatFen } from '@/lib/format/money.ts';
import {
  MEMBER_ORDER_DAYS,
  useIssueToMember,
  useMemberCoupons,
  useMemberOrders,
  usePushableTemplates,
} from '../api/members.ts';

/** How a member is named in the console: their masked phone, else their masked payment account. */
export const memberName = (member: Member) => member.phone ?? member.openid ?? `#${member.id}`;

/** Chooses a coupon being pushed and issues it to the member (no phone typed: the member is the one shown). */
function IssueCoupon({ member, onClose }: { member: Member; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  // The server is asked once typing pauses, not at every key.
  useEffect(() => {
    const timer = setTimeout(() => setSearch(typed.trim()), 300);
    return () => clearTimeout(timer);
  }, [typed]);
  const templates = usePushableTemplates(search);
  const issue = useIssueToMember();
  const [templateId, setTemplateId] = useState<number>();
  const options = (templates.data?.content ?? []).map((template) => ({ value: template.id, label: template.name }));
  const submit = async () => {
    if (templateId === undefined) return;
    const result = await issue.mutateAsync({ templateId, memberId: member.id });
    const [refused] = result.refused;
    if (refused) message.warning(t(`coupons.refusals.${refused.reason}`));
    else {
      message.success(t('members.issued'));
      onClose();
    }
  };
  return (
    <Modal
      open
      title={t('members.issueTitle', { name: memberName(member) })}
      okText={t('members.issue')}
      okButtonProps={{ disabled: templateId === undefined, loading: issue.isPending }}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form layout="vertical">
        <Form.Item
          label={t('members.issueTemplate')}
          extra={
            options.length === 0 && !templates.isPending && search === ''
              ? t('members.issueNone')
              : t('members.issueHint')
          }
        >
          <Select
            aria-label={t('members.issueTemplate')}
            loading={templates.isFetching}
            options={options}
            value={templateId}
            onChange={setTemplateId}
            showSearch={{ filterOption: false, onSearch: setTyped }}
            notFoundContent={t(templates.isFetching ? 'app.loading' : 'list.noMatch')}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** A member's figures, their recent orders and their coupons, and a coupon issued to them. */
export function MemberDetail({ member, onClose }: { member: Member | undefined; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const can = usePermission();
  const [issuing, setIssuing] = useState(false);
  const seesOrders = can([ORDER_PERMISSIONS.list]);
  const seesCoupons = can([COUPON_PERMISSIONS.list]);
  const orders = useMemberOrders(member?.id, seesOrders);
  const coupons = useMemberCoupons(member?.id, seesCoupons);
  const money = (fen: Parameters<typeof formatFen>[0]) => formatFen(fen, i18n.language);
  return (
    <Drawer
      open={member !== undefined}
      onClose={onClose}
      size="min(720px, 100vw)"
      title={member ? t('members.detailTitle', { name: memberName(member) }) : undefined}
      extra={
        member && can([COUPON_PERMISSIONS.issue]) ? (
          <Button icon={<GiftOutlined aria-hidden />} onClick={() => setIssuing(true)}>
            {t('members.issue')}
          </Button>
        ) : undefined
      }
      destroyOnHidden
    >
      {member && (
        <Space orientation="vertical" size={16} style={{ width: '100%' }}>
          <Descriptions
            size="small"
            column={{ xs: 1, sm: 2 }}
            items={[
              { key: 'phone', label: t('members.phone'), children: member.phone ?? '—' },
              { key: 'agent', label: t('members.agent'), children: member.agentName ?? '—' },
              { key: 'orders', label: t('members.orders'), children: member.orders },
              { key: 'paid', label: t('members.paidTotal'), children: money(member.paidTotal) },
              { key: 'last', label: t('members.lastOrder'), children: member.lastOrderTime ?? '—' },
              { key: 'joined', label: t('members.joined'), children: member.createTime },
            ]}
          />
          {seesOrders && (
            <DetailTable<Order>
              title={t('members.recentOrders', { days: MEMBER_ORDER_DAYS })}
              query={orders}
              columns={[
                { key: 'orderNo', title: t('members.orderNo'), dataIndex: 'orderNo' },
                { key: 'time', title: t('members.time'), dataIndex: 'createTime' },
                { key: 'machine', title: t('members.machine'), dataIndex: 'serialNo' },
                { key: 'paid', title: t('members.paid'), align: 'right', render: (_, order) => money(order.paid) },
                { key: 'state', title: t('members.state'), render: (_, order) => t(`orders.states.${order.state}`) },
              ]}
            />
          )}
          {seesCoupons && (
            <DetailTable<Coupon>
              title={t('members.coupons')}
              query={coupons}
              columns={[
                { key: 'code', title: t('members.code'), dataIndex: 'code' },
                { key: 'coupon', title: t('members.coupon'), dataIndex: 'templateName' },
                {
                  key: 'status',
                  title: t('members.state'),
                  render: (_, coupon) => (
                    <Tag color={coupon.status === 'UNUSED' ? 'success' : 'default'}>
                      {t(`coupons.couponStatuses.${coupon.status}`)}
                    </Tag>
                  ),
                },
                { key: 'validTo', title: t('members.validTo'), dataIndex: 'validTo' },
              ]}
            />
          )}
        </Space>
      )}
      {issuing && member && <IssueCoupon member={member} onClose={() => setIssuing(false)} />}
    </Drawer>
  );
}
