import { asFen } from '@water/contract/money';
import { type Order, type OrderDetail, STAFF_REFUND_REASONS } from '@water/contract/orders';
import { Alert, Form, Input, InputNumber, Modal, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal } from '@/components/form-modal.tsx';
import { fenToYuan, formatFen, yuanToFen } from '@/lib/format/money.ts';
import { useOrder, useRequestRefund } from '../api/orders.ts';

interface RefundValues {
  amount: string;
  reason: (typeof STAFF_REFUND_REASONS)[number];
  note: string;
}

/**
 * Staff ask for a refund of a completed order: amount in yuan (at most what is left once the
 * refunds made and those waiting for review are counted, as the server counts it), reason and note.
 */
export function RefundForm({
  order,
  session,
  onClose,
}: {
  order: Order | undefined;
  session: number;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const detail = useOrder(order?.orderNo);
  if (order !== undefined && detail.data?.orderNo !== order.orderNo) {
    return (
      <Modal
        open
        loading
        title={t('orders.refundTitle', { orderNo: order.orderNo })}
        footer={null}
        onCancel={onClose}
      />
    );
  }
  return <RefundDialog order={order && detail.data} session={session} onClose={onClose} />;
}

function RefundDialog({
  order,
  session,
  onClose,
}: {
  order: OrderDetail | undefined;
  session: number;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const [form] = Form.useForm<RefundValues>();
  const request = useRequestRefund();
  const left = order?.refundable ?? asFen(0);
  const leftYuan = fenToYuan(left);
  return (
    <FormModal<RefundValues>
      key={session}
      open={order !== undefined}
      editing={false}
      title={t('orders.refundTitle', { orderNo: order?.orderNo ?? '' })}
      okText={t('orders.refund')}
      doneText={t('orders.requested')}
      form={form}
      fieldNames={{ amount: 'amount' }}
      fenFields={['amount']}
      initialValues={{ amount: leftYuan, reason: 'CUSTOMER' }}
      onSubmit={async (values) => {
        if (!order) return;
        await request.mutateAsync({
          orderNo: order.orderNo,
          input: {
            amount: yuanToFen(values.amount) ?? asFen(0),
            reason: values.reason,
            note: values.note.trim(),
          },
        });
      }}
      onClose={onClose}
    >
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        title={t('orders.refundable', { amount: formatFen(left, i18n.language) })}
      />
      <Form.Item
        name="amount"
        label={t('orders.amountYuan')}
        rules={[{ required: true, message: t('list.required', { field: t('orders.amount') }) }]}
      >
        <InputNumber<string> stringMode min="0.01" max={leftYuan} precision={2} step="0.5" style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item name="reason" label={t('orders.reason')} rules={[{ required: true }]}>
        <Select options={STAFF_REFUND_REASONS.map((value) => ({ value, label: t(`orders.reasons.${value}`) }))} />
      </Form.Item>
      <Form.Item
        name="note"
        label={t('orders.note')}
        rules={[{ required: true, whitespace: true, message: t('list.required', { field: t('orders.note') }) }]}
      >
        <Input.TextArea maxLength={500} rows={3} placeholder={t('orders.notePlaceholder')} />
      </Form.Item>
    </FormModal>
  );
}
