import { DatePicker, Form } from 'antd';
import { useTranslation } from 'react-i18next';

/** A search bar's range of days the rows were created in; the search bar sends it as `createTime`. */
export function CreatedBetween({ label }: { label: string }) {
  const { t } = useTranslation();
  return (
    <Form.Item name="createTime" label={label}>
      <DatePicker.RangePicker placeholder={[t('list.dateFrom'), t('list.dateTo')]} />
    </Form.Item>
  );
}
