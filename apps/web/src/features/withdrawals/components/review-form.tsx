import { WITHDRAWAL_REVIEW_ACTIONS, type Withdrawal } from '@water/contract/withdrawals';
import { Alert, Form, Input, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal } from '@/components/form-modal.tsx';
import { formatFen } from '@/lib/format/money.ts';
import { useReviewWithdrawal } from '../api/withdrawals.ts';
import { notConfirmed, useConfirmFirst } from './confirm-first.ts';

interface ReviewValues {
  action: (typeof WITHDRAWAL_REVIEW_ACTIONS)[number];
  note?: string;
}

/** Finance approves a requested withdrawal, or rejects it with the reason; either after confirming. */
export function ReviewForm({
  withdrawal,
  session,
  onClose,
}: {
  withdrawal: Withdrawal | undefined;
  session: number;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const [form] = Form.useForm<ReviewValues>();
  const review = useReviewWithdrawal();
  const confirmFirst = useConfirmFirst();
  const action = Form.useWatch('action', form) ?? 'APPROVE';
  const amount = withdrawal ? formatFen(withdrawal.amount, i18n.language) : '';
  const withdrawalNo = withdrawal?.withdrawalNo ?? '';
  return (
    <FormModal<ReviewValues>
      key={session}
      open={withdrawal !== undefined}
      editing
      title={t('withdrawals.reviewTitle', { withdrawalNo })}
      okText={t('withdrawals.review')}
      doneText={t('withdrawals.reviewed')}
      form={form}
      initialValues={{ action: 'APPROVE' }}
      onError={notConfirmed}
      onSubmit={async (values) => {
        if (!withdrawal) return;
        const rejecting = values.action === 'REJECT';
        await confirmFirst(
          rejecting
            ? {
                title: t('withdrawals.confirmReject', { withdrawalNo }),
                content: t('withdrawals.confirmRejectDetail', { amount }),
                okText: t('withdrawals.reject'),
                danger: true,
              }
            : { title: t('withdrawals.confirmApprove', { withdrawalNo, amount }), okText: t('withdrawals.approve') },
        );
        const note = values.note?.trim();
        await review.mutateAsync({
          id: withdrawal.id,
          input: { action: values.action, ...(note ? { note } : {}) },
        });
      }}
      onClose={onClose}
    >
      {withdrawal && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title={`${withdrawal.agentName} · ${amount}`}
          description={
            <>
              <div>
                {t('withdrawals.feeAndNet', {
                  fee: formatFen(withdrawal.fee, i18n.language),
                  net: formatFen(withdrawal.net, i18n.language),
                })}
              </div>
              <div>{t('withdrawals.accountIs', { account: withdrawal.settlementAccount })}</div>
              {withdrawal.note && <div>{withdrawal.note}</div>}
            </>
          }
        />
      )}
      <Form.Item name="action" label={t('withdrawals.decision')}>
        <Radio.Group
          optionType="button"
          options={WITHDRAWAL_REVIEW_ACTIONS.map((value) => ({
            value,
            label: t(value === 'APPROVE' ? 'withdrawals.approve' : 'withdrawals.reject'),
          }))}
        />
      </Form.Item>
      <Form.Item
        name="note"
        label={t(action === 'REJECT' ? 'withdrawals.rejectNote' : 'withdrawals.approveNote')}
        rules={
          action === 'REJECT'
            ? [
                {
                  required: true,
                  whitespace: true,
                  message: t('list.required', { field: t('withdrawals.rejectNote') }),
                },
              ]
            : []
        }
      >
        <Input.TextArea maxLength={500} rows={3} />
      </Form.Item>
    </FormModal>
  );
}
