import { Alert, App, Flex, Modal, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfirm } from '@/components/use-confirm.ts';
import { toApiError } from '@/lib/api-error.ts';
import { useClosePeriod } from '../api/ledger-periods.ts';
import { type PeriodChoice, PeriodPicker, periodText } from './period-picker.tsx';

/** The first day after the books' last closed day, or none when nothing is closed. */
export const nextOpenDay = (closedThrough: string | null) =>
  closedThrough === null ? undefined : dayjs(closedThrough).add(1, 'day');

/**
 * Closes a day or a month after asking once more, as it cannot be undone: the next period by
 * default (yesterday when nothing is closed yet). A refusal (not over yet, out of order, open
 * reconciliation discrepancies) is shown here in the server's words.
 */
export function ClosePeriodDialog({ closedThrough, onClose }: { closedThrough: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const confirm = useConfirm();
  const close = useClosePeriod();
  const next = nextOpenDay(closedThrough);
  const [choice, setChoice] = useState<PeriodChoice>(() => ({
    kind: 'DAY',
    date: next ?? dayjs().subtract(1, 'day'),
  }));
  const [refusal, setRefusal] = useState<string>();
  const period = periodText(choice);
  const ask = () =>
    confirm({
      title: t('ledger.closeConfirm', { period }),
      content: t('ledger.closeIrreversible'),
      okText: t('ledger.closeAction', { period }),
      onConfirm: async () => {
        try {
          await close.mutateAsync(period);
          message.success(t('ledger.closed', { period }));
          onClose();
        } catch (error) {
          const failure = toApiError(error);
          // Failures without an answer were already reported by the client.
          if (failure.status > 0) setRefusal(failure.message);
        }
      },
    });
  return (
    <Modal
      open
      title={t('ledger.closePeriod')}
      okText={t('ledger.closeAction', { period })}
      okButtonProps={{ danger: true, loading: close.isPending }}
      cancelText={t('list.cancel')}
      onOk={ask}
      onCancel={onClose}
      destroyOnHidden
    >
      <Flex vertical gap={16}>
        <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
          {next ? t('ledger.closeNext', { day: next.format('YYYY-MM-DD') }) : t('ledger.closeFirst')}
        </Typography.Paragraph>
        <PeriodPicker
          value={choice}
          onChange={(chosen) => {
            setChoice(chosen);
            setRefusal(undefined);
          }}
        />
        {refusal && <Alert type="error" showIcon title={refusal} />}
      </Flex>
    </Modal>
  );
}
