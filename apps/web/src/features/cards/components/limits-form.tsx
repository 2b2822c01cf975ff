import type { Card } from '@water/contract/cards';
import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal } from '@/components/form-modal.tsx';
import { useSetCardLimits } from '../api/cards.ts';
import { type LimitValues, toLimitsInput, toLimitValues } from './card-form-values.ts';
import { LimitFields } from './limit-fields.tsx';

/** Changes the most a card pays in one sale and in one day. */
export function LimitsForm({ card, session, onClose }: { card?: Card; session: number; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<LimitValues>();
  const setLimits = useSetCardLimits();
  return (
    <FormModal<LimitValues>
      key={session}
      open={card !== undefined}
      editing
      title={t('cards.limitsTitle', { cardNo: card?.cardNo ?? '' })}
      form={form}
      initialValues={card && toLimitValues(card)}
      fenFields={['perUseLimit', 'perDayLimit']}
      doneText={card && t('cards.limitsSaved', { cardNo: card.cardNo })}
      onSubmit={async (values) => card && setLimits.mutateAsync({ id: card.id, ...toLimitsInput(values) })}
      onClose={onClose}
    >
      <LimitFields />
    </FormModal>
  );
}
