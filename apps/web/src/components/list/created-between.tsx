import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { DateRangePicker } from '../date-range-picker.tsx';

/** A search bar's range of days the rows were created in; the search bar sends it as `createTime`. */
export function CreatedBetween({ label }: { label: string }) {
  const { t } = useTranslation();
  return (
    <Form.Item name="createTime" label={label}>
      <DateRangePicker placeholder={[t('list.dateFrom'), t('list.dateTo')]} />
    </Form.Item>
  );
}
