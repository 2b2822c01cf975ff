import type { PeriodKind } from '@water/contract/ledger';
import { DatePicker, Flex, Segmented } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';

/** A period of the books as chosen: a month or a day, and which one. */
export interface PeriodChoice {
  kind: PeriodKind;
  date: Dayjs;
}

/** The period as the server names it: `2026-11` (a month) or `2026-11-24` (a day). */
export const periodText = ({ kind, date }: PeriodChoice): string =>
  date.format(kind === 'MONTH' ? 'YYYY-MM' : 'YYYY-MM-DD');

/** A period named in an address (`2026-11` or `2026-11-24`), or nothing when it names none. */
export function periodFromText(text: string | undefined): PeriodChoice | undefined {
  if (!text || !/^\d{4}-\d{2}(-\d{2})?$/.test(text)) return undefined;
  const kind: PeriodKind = text.length === 10 ? 'DAY' : 'MONTH';
  const date = dayjs(kind === 'DAY' ? text : `${text}-01`);
  return date.isValid() && periodText({ kind, date }) === text ? { kind, date } : undefined;
}

/** Days and months after today: nothing is booked there yet. */
const future = (date: Dayjs, kind: PeriodKind) => date.isAfter(dayjs(), kind === 'MONTH' ? 'month' : 'day');

/** Month or day, then which one; the future cannot be chosen. */
export function PeriodPicker({ value, onChange }: { value: PeriodChoice; onChange: (choice: PeriodChoice) => void }) {
  const { t } = useTranslation();
  return (
    <Flex gap={8} wrap align="center">
      <Segmented<PeriodKind>
        aria-label={t('ledger.period')}
        value={value.kind}
        onChange={(kind) => onChange({ kind, date: value.date })}
        options={[
          { value: 'MONTH', label: t('ledger.month') },
          { value: 'DAY', label: t('ledger.dayPeriod') },
        ]}
      />
      <DatePicker
        aria-label={value.kind === 'MONTH' ? t('ledger.month') : t('ledger.dayPeriod')}
        picker={value.kind === 'MONTH' ? 'month' : 'date'}
        value={value.date}
        allowClear={false}
        disabledDate={(date) => future(date, value.kind)}
        onChange={(date) => date && onChange({ kind: value.kind, date })}
        style={{ width: 150 }}
      />
    </Flex>
  );
}
