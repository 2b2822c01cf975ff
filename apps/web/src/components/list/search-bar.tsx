import { ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, Form, type FormProps, Space } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './search-bar.module.css';

interface SearchBarProps<V extends object> {
  /** The filter fields (`Form.Item`s); Enter in any of them searches. */
  children: ReactNode;
  initialValues?: Partial<V>;
  onSearch: (values: V) => void;
  onReset: () => void;
  formProps?: Omit<FormProps<V>, 'onFinish' | 'initialValues' | 'layout'>;
}

/** The filters above a list: fields in a row, Search and Reset. */
export function SearchBar<V extends object>({
  children,
  initialValues,
  onSearch,
  onReset,
  formProps,
}: SearchBarProps<V>) {
  const { t } = useTranslation();
  const [form] = Form.useForm<V>();
  return (
    <Form<V>
      {...formProps}
      form={form}
      name="filters"
      layout="inline"
      role="search"
      aria-label={t('list.filters')}
      initialValues={initialValues}
      onFinish={onSearch}
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
