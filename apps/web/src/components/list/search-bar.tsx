import { ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, Form, type FormProps, Space } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { createTimeFilter, type DayRange } from './date-range.ts';
import styles from './search-bar.module.css';

/** What the fields hold: the search's values, but a range of days (`createTime`) as its picker has it. */
type FieldValues<V> = Omit<V, 'createTime'> & { createTime?: DayRange };

interface SearchBarProps<V extends object> {
  /** The filter fields (`Form.Item`s); Enter in any of them searches. */
  children: ReactNode;
  initialValues?: Partial<FieldValues<V>>;
  /** The values as the fields hold them: the list's query trims texts and leaves empty ones out. */
  onSearch: (values: V) => void;
  onReset: () => void;
  formProps?: Omit<FormProps<FieldValues<V>>, 'onFinish' | 'initialValues' | 'layout'>;
}

/**
 * The filters above a list: fields in a row, Search and Reset. A field `createTime` (see
 * `CreatedBetween`) reaches the search as the server's filter, from the start of its first day to
 * the end of its last, or not at all while incomplete.
 */
export function SearchBar<V extends object>({
  children,
  initialValues,
  onSearch,
  onReset,
  formProps,
}: SearchBarProps<V>) {
  const { t } = useTranslation();
  const [form] = Form.useForm<FieldValues<V>>();
  const search = (values: FieldValues<V>) =>
    onSearch(('createTime' in values ? { ...values, createTime: createTimeFilter(values.createTime) } : values) as V);
  return (
    <Form<FieldValues<V>>
      {...formProps}
      form={form}
      name="filters"
      layout="inline"
      role="search"
      aria-label={t('list.filters')}
      initialValues={initialValues}
      onFinish={search}
      className={[styles.bar, formProps?.className].filter(Boolean).join(' ')}
      style={{ rowGap: 12, marginBottom: 16 }}
    >
      {children}
      <Form.Item style={{ marginInlineEnd: 0 }}>
        <Space>
          <Button type="primary" htmlType="submit" icon={<SearchOutlined aria-hidden />}>
            {t('list.search')}
          </Button>
          <Button
            icon={<ReloadOutlined aria-hidden />}
            onClick={() => {
              form.resetFields();
              onReset();
            }}
          >
            {t('list.reset')}
          </Button>
        </Space>
      </Form.Item>
    </Form>
  );
}
