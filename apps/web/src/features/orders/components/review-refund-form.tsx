import { REFUND_REVIEW_ACTIONS, type Refund } from '@water/contract/orders';
import { Alert, Form, Input, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal } from '@/components/form-modal.tsx';
import { formatFen } from '@/lib/format/money.ts';
import { useReviewRefund } from '../api/orders.ts';

interface ReviewValues {
  action: (typeof REFUND_REVIEW_ACTIONS)[number];
  channelRef?: string;
  note?: string;
}

/** Channels whose money finance sends back by hand in the channel's own console. */
const MANUAL_CHANNELS: readonly string[] = ['WECHAT', 'ALIPAY'];

/**
 * Approves a refund (WeChat and Alipay: with the reference of the money sent back through the
 * channel) or rejects it with a reason.
 */
export function ReviewRefundForm({
  refund,
  session,
  onClose,
}: {
  refund: Refund | undefined;
  session: number;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const [form] = Form.useForm<ReviewValues>();
  const review = useReviewRefund();
  const action = Form.useWatch('action', form) ?? 'APPROVE';
  const manual = refund !== undefined && MANUAL_CHANNELS.includes(refund.channel);
  const channel = refund ? t(`orders.channels.${refund.channel}`) : '';
  return (
    <FormModal<ReviewValues>
      key={session}
      open={refund !== undefined}
      editing
      title={t('orders.reviewTitle', { refundNo: refund?.refundNo ?? '' })}
      okText={t('orders.review')}
      doneText={t('orders.reviewed')}
      form={form}
      initialValues={{ action: 'APPROVE' }}
      onSubmit={async (values) => {
        if (!refund) return;
        await review.mutateAsync({
          id: refund.id,
          input: {
            action: values.action,
            ...(values.action === 'APPROVE' && manual ? { channelRef: values.channelRef?.trim() } : {}),
            ...(values.note?.trim() ? { note: values.note.trim() } : {}),
          },
        });
      }}
      onClose={onClose}
    >
      {refund && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title={`${refund.orderNo} · ${channel} · ${formatFen(refund.amount, i18n.language)} · ${t(`orders.reasons.${refund.reason}`)}`}
          description={refund.note ?? undefined}
        />
      )}
      <Form.Item name="action" label={t('orders.decision')}>
        <Radio.Group
          optionType="button"
          options={REFUND_REVIEW_ACTIONS.map((value) => ({
            value,
            label: t(value === 'APPROVE' ? 'orders.approve' : 'orders.reject'),
          }))}
        />
      </Form.Item>
      {action === 'APPROVE' && manual && (
        <Form.Item
          name="channelRef"
          label={t('orders.channelRef')}
          extra={t('orders.channelRefHint', { channel })}
          rules={[
            { required: true, whitespace: true, message: t('list.required', { field: t('orders.channelRef') }) },
            { pattern: /^[A-Za-z0-9_-]{1,64}$/, message: t('orders.channelRef') },
          ]}
        >
          <Input maxLength={64} />
        </Form.Item>
      )}
      {action === 'REJECT' && (
        <Form.Item
          name="note"
          label={t('orders.rejectNote')}
          rules={[{ required: true, whitespace: true, message: t('list.required', { field: t('orders.rejectNote') }) }]}
        >
          <Input.TextArea maxLength={500} rows={3} />
        </Form.Item>
      )}
    </FormModal>
  );
}
