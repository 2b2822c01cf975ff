import type { Discrepancy } from '@water/contract/reconciliation';
import { Form, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal } from '@/components/form-modal.tsx';
import type { FormDialog } from '@/components/list/use-form-dialog.ts';
import { useResolveDiscrepancy } from '../api/reconciliation.ts';

/** What a discrepancy is about, as a person names it: our refund or order number, else the channel's. */
export const referenceOf = (discrepancy: Discrepancy) =>
  discrepancy.refundNo ?? discrepancy.orderNo ?? discrepancy.channelRef ?? String(discrepancy.id);

/** Resolves a discrepancy with a note of what was found and done. */
export function ResolveForm({ dialog }: { dialog: FormDialog<Discrepancy> }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ note: string }>();
  const resolving = useResolveDiscrepancy();
  const discrepancy = dialog.record;
  return (
    <FormModal<{ note: string }>
      key={dialog.session}
      open={dialog.open}
      editing
      title={t('reconciliation.resolveTitle', { reference: discrepancy ? referenceOf(discrepancy) : '' })}
      okText={t('reconciliation.resolve')}
      doneText={t('reconciliation.resolved')}
      form={form}
      initialValues={{ note: '' }}
      onSubmit={async (values) => {
        if (discrepancy) await resolving.mutateAsync({ id: discrepancy.id, note: values.note });
      }}
      onClose={dialog.close}
    >
      {discrepancy && (
        <Typography.Paragraph type="secondary">
          {t(`reconciliation.classes.${discrepancy.class}`)} · {t(`orders.channels.${discrepancy.channel}`)} ·{' '}
          {discrepancy.day}
        </Typography.Paragraph>
      )}
      <Form.Item
        name="note"
        label={t('reconciliation.resolveNote')}
        rules={[{ required: true, whitespace: true, message: t('reconciliation.resolveNoteRequired') }]}
      >
        <Input.TextArea rows={4} maxLength={500} showCount />
      </Form.Item>
    </FormModal>
  );
}
