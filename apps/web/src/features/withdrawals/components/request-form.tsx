import { asFen, type Fen } from '@water/contract/money';
import type { AgentBalance, WithdrawalTerms } from '@water/contract/withdrawals';
import { Alert, Descriptions, Form, Input, InputNumber } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { FormModal } from '@/components/form-modal.tsx';
import { fenToYuan, formatFen } from '@/lib/format/money.ts';
import { useRequestWithdrawal, useWithdrawalTerms } from '../api/withdrawals.ts';
import { notConfirmed, useConfirmFirst } from './confirm-first.ts';
import { requestAmounts } from './request-amounts.ts';

interface RequestValues {
  /** Yuan, as typed. */
  amount: string | null;
  note?: string;
}

/** A withdrawal's fee in words: "CN¥0.50 + 1%", "1%", "CN¥2.00", "none". */
export function feeRuleText(terms: WithdrawalTerms, t: TFunction, language: string): string {
  const fixed = terms.feeFixed > 0 ? formatFen(terms.feeFixed, language) : null;
  // As typed into the settings, possibly with trailing zeros ("1.00"): shown as the number it is.
  const rate = String(Number(terms.feePercent));
  const percent = Number(rate) > 0 ? `${rate}%` : null;
  if (fixed && percent) return t('withdrawals.feeRule', { fixed, percent: rate });
  return fixed ?? percent ?? t('withdrawals.noFee');
}

/**
 * An agent's staff ask for a withdrawal of its available balance: the amount in yuan, the fee it
 * costs and what reaches the settlement account shown as it is typed, confirmed before it is sent.
 */
export function RequestForm({
  agent,
  session,
  onClose,
}: {
  agent: AgentBalance | undefined;
  session: number;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const [form] = Form.useForm<RequestValues>();
  const terms = useWithdrawalTerms();
  const request = useRequestWithdrawal();
  const confirmFirst = useConfirmFirst();
  const typed = Form.useWatch('amount', form);
  const money = (fen: Fen) => formatFen(fen, i18n.language);
  const amounts = terms.data ? requestAmounts(typed, terms.data) : null;
  const available = agent?.available ?? asFen(0);
  const account = agent?.settlementAccount ?? '';
  return (
    <FormModal<RequestValues>
      key={session}
      open={agent !== undefined}
      editing={false}
      title={t('withdrawals.requestTitle', { name: agent?.agentName ?? '' })}
      okText={t('withdrawals.request')}
      doneText={t('withdrawals.requested')}
      form={form}
      fenFields={['amount']}
      initialValues={{ amount: null }}
      onError={notConfirmed}
      onSubmit={async (values) => {
        const chosen = terms.data && requestAmounts(values.amount, terms.data);
        if (!agent || !chosen) return;
        await confirmFirst({
          title: t('withdrawals.confirmRequest', { amount: money(chosen.amount), name: agent.agentName }),
          content: t('withdrawals.confirmRequestDetail', {
            net: money(chosen.net),
            fee: money(chosen.fee),
            account,
          }),
          okText: t('withdrawals.request'),
        });
        const note = values.note?.trim();
        await request.mutateAsync({ agentId: agent.agentId, amount: chosen.amount, ...(note ? { note } : {}) });
      }}
      onClose={onClose}
    >
      {agent && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title={`${t('withdrawals.available')}: ${money(available)}`}
          description={
            terms.data && (
              <>
                {terms.data.minimum > 0 && (
                  <div>{t('withdrawals.minimum', { minimum: money(terms.data.minimum) })}</div>
                )}
                <div>{t('withdrawals.feeIs', { fee: feeRuleText(terms.data, t, i18n.language) })}</div>
                <div>{t('withdrawals.toAccount', { account })}</div>
              </>
            )
          }
        />
      )}
      <Form.Item
        name="amount"
        label={t('withdrawals.amountYuan')}
        rules={[{ required: true, message: t('list.required', { field: t('withdrawals.amount') }) }]}
      >
        <InputNumber<string>
          stringMode
          min="0.01"
          max={fenToYuan(available)}
          precision={2}
          inputMode="decimal"
          style={{ width: '100%' }}
        />
      </Form.Item>
      <Descriptions
        size="small"
        column={2}
        style={{ marginBottom: 16 }}
        items={[
          { key: 'fee', label: t('withdrawals.feeTaken'), children: amounts ? money(amounts.fee) : '—' },
          {
            key: 'net',
            label: t('withdrawals.youReceive'),
            children: <strong>{amounts ? money(amounts.net) : '—'}</strong>,
          },
        ]}
      />
      <Form.Item name="note" label={t('withdrawals.note')}>
        <Input.TextArea maxLength={500} rows={2} />
      </Form.Item>
    </FormModal>
  );
}
