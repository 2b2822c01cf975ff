import { CARD_CAPS, type Card, TOP_UP_CHANNELS, type TopUpChannel } from '@water/contract/cards';
import { Alert, Form, Input, InputNumber, Radio } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '@/components/form-modal.tsx';
import { type Fen, formatFen, yuanToFen } from '@/lib/format/money.ts';
import { useCardRules, useTopUp } from '../api/cards.ts';
import { topUpPreview } from './card-form-values.ts';

interface TopUpValues {
  amount: string;
  channel: TopUpChannel;
  reference?: string;
}

/**
 * Tops up a card with what the cardholder paid and how: shows the bonus the rules add and the
 * balance after, within the cap of the card's kind. Each opening is one top-up: sent twice (a
 * retry), it tops up once.
 */
export function TopUpForm({ card, session, onClose }: { card?: Card; session: number; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const [form] = Form.useForm<TopUpValues>();
  const topUp = useTopUp();
  const rules = useCardRules(card !== undefined);
  const [requestId] = useState(() => crypto.randomUUID());
  const amount = Form.useWatch('amount', form);
  const money = (fen: Fen) => formatFen(fen, i18n.language);
  const preview = card && topUpPreview(card, rules.data?.bonusRules ?? [], amount);
  return (
    <FormModal<TopUpValues>
      key={session}
      open={card !== undefined}
      editing={false}
      title={t('cards.topUpTitle', { cardNo: card?.cardNo ?? '' })}
      okText={t('cards.topUp')}
      form={form}
      initialValues={{ channel: 'CASH' }}
      fenFields={['amount']}
      doneText={t('cards.toppedUp')}
      onSubmit={async (values) =>
        card &&
        topUp.mutateAsync({
          id: card.id,
          amount: yuanToFen(values.amount) as Fen,
          channel: values.channel,
          reference: values.reference?.trim() || undefined,
          requestId,
        })
      }
      onClose={onClose}
    >
      {card && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title={t('cards.balanceIs', { amount: money(card.balance) })}
          description={t('cards.capHint', { kind: t(`cards.kinds.${card.kind}`), cap: money(CARD_CAPS[card.kind]) })}
        />
      )}
      <Form.Item
        name="amount"
        label={t('cards.topUpAmount')}
        rules={[{ required: true, message: t('list.required', { field: t('cards.topUpAmount') }) }]}
        extra={preview && t('cards.bonusPreview', { bonus: money(preview.bonus), balance: money(preview.balance) })}
        validateStatus={preview?.aboveCap ? 'warning' : undefined}
      >
        <InputNumber<string> stringMode min="0.01" max="5000" precision={2} style={{ width: '100%' }} autoFocus />
      </Form.Item>
      <Form.Item name="channel" label={t('cards.topUpChannel')}>
        <Radio.Group
          optionType="button"
          options={TOP_UP_CHANNELS.map((channel) => ({ value: channel, label: t(`cards.channels.${channel}`) }))}
        />
      </Form.Item>
      <Form.Item name="reference" label={t('cards.reference')}>
        <Input maxLength={64} />
      </Form.Item>
    </FormModal>
  );
}
