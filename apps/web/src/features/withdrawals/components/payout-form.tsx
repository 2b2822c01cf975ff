import { WITHDRAWAL_PAYOUT_ACTIONS, type Withdrawal } from '@water/contract/withdrawals';
import { Alert, Form, Input, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal } from '@/components/form-modal.tsx';
import { formatFen } from '@/lib/format/money.ts';
import { usePayOutWithdrawal } from '../api/withdrawals.ts';
import { notConfirmed, useConfirmFirst } from './confirm-first.ts';

interface PayoutValues {
  action: (typeof WITHDRAWAL_PAYOUT_ACTIONS)[number];
  reference?: string;
  note?: string;
}

/**
 * Finance records the payout of an approved withdrawal: the reference of the bank transfer made
 * (the same reference again pays nothing more), or that the payout failed and why; either after
 * confirming.
 */
export function PayoutForm({
  withdrawal,
  session,
  onClose,
}: {
  withdrawal: Withdrawal | undefined;
  session: number;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const [form] = Form.useForm<PayoutValues>();
  const payOut = usePayOutWithdrawal();
  const confirmFirst = useConfirmFirst();
  const action = Form.useWatch('action', form) ?? 'PAY';
  const withdrawalNo = withdrawal?.withdrawalNo ?? '';
  const net = withdrawal ? formatFen(withdrawal.net, i18n.language) : '';
  const amount = withdrawal ? formatFen(withdrawal.amount, i18n.language) : '';
  const account = withdrawal?.settlementAccount ?? '';
  return (
    <FormModal<PayoutValues>
      key={session}
      open={withdrawal !== undefined}
      editing
      title={t('withdrawals.payoutTitle', { withdrawalNo })}
      okText={t('withdrawals.payout')}
      doneText={t('withdrawals.paidOutDone')}
      form={form}
      initialValues={{ action: 'PAY' }}
      onError={notConfirmed}
      onSubmit={async (values) => {
        if (!withdrawal) return;
        const reference = values.reference?.trim();
        const note = values.note?.trim();
        await confirmFirst(
          values.action === 'PAY'
            ? {
                title: t('withdrawals.confirmPay', { net, account }),
                content: t('withdrawals.confirmPayDetail', { reference }),
                okText: t('withdrawals.payout'),
              }
            : {
                title: t('withdrawals.confirmFail', { withdrawalNo }),
                content: t('withdrawals.confirmFailDetail', { amount }),
                okText: t('withdrawals.failed'),
                danger: true,
              },
        );
        await payOut.mutateAsync({
          id: withdrawal.id,
          input:
            values.action === 'PAY'
              ? { action: 'PAY', reference, ...(note ? { note } : {}) }
              : { action: 'FAIL', ...(note ? { note } : {}) },
        });
      }}
      onClose={onClose}
    >
      {withdrawal && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title={`${withdrawal.agentName} · ${net}`}
          description={t('withdrawals.accountIs', { account })}
        />
      )}
      <Form.Item name="action" label={t('withdrawals.payoutOutcome')}>
        <Radio.Group
          optionType="button"
          options={WITHDRAWAL_PAYOUT_ACTIONS.map((value) => ({
            value,
            label: t(value === 'PAY' ? 'withdrawals.paid' : 'withdrawals.failed'),
          }))}
        />
      </Form.Item>
      {action === 'PAY' ? (
        <Form.Item
          name="reference"
          label={t('withdrawals.payoutRef')}
          extra={t('withdrawals.referenceHint', { net, account })}
          rules={[
            { required: true, whitespace: true, message: t('list.required', { field: t('withdrawals.payoutRef') }) },
            { pattern: /^[A-Za-z0-9_-]{1,64}$/, message: t('withdrawals.referenceForm') },
          ]}
        >
          <Input maxLength={64} autoComplete="off" />
        </Form.Item>
      ) : (
        <Form.Item
          name="note"
          label={t('withdrawals.failNote')}
          rules={[
            { required: true, whitespace: true, message: t('list.required', { field: t('withdrawals.failNote') }) },
          ]}
        >
          <Input.TextArea maxLength={500} rows={3} />
        </Form.Item>
      )}
    </FormModal>
  );
}
