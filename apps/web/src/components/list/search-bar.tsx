import { ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, Form, type FormProps, Space } from 'antd';
import { Children, isValidElement, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePhoneScreen } from '@/lib/media-query.ts';
import { createTimeFilter, type DayRange } from './date-range.ts';
import { FiltersButton, FiltersDrawer } from './folded-filters.tsx';
import { cleanFilters } from './list-params.ts';
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
  /**
   * The field a phone shows, the others folded behind "Filters": the text search (`blurry`) by
   * default, else the first field.
   */
  mainField?: string;
}

const nameOf = (field: ReactNode) =>
  isValidElement<{ name?: unknown }>(field) && typeof field.props.name === 'string' ? field.props.name : undefined;

/** How many filters other than the main field have something in them. */
function activeFilters(values: object | undefined, mainField: string | undefined): number {
  const { [mainField ?? '']: _main, ...others } = (values ?? {}) as Record<string, unknown>;
  return Object.keys(cleanFilters(others)).length;
}

/**
 * The filters above a list: fields in a row, Search and Reset; on a phone, the main field with
 * the others behind a "Filters" button, so that the list's first rows are on the first screen. A
 * field `createTime` (see `CreatedBetween`) reaches the search as the server's filter, from the
 * start of its first day to the end of its last, or not at all while incomplete.
 */
export function SearchBar<V extends object>({
  children,
  initialValues,
  onSearch,
  onReset,
  formProps,
  mainField = 'blurry',
}: SearchBarProps<V>) {
  const { t } = useTranslation();
  const [form] = Form.useForm<FieldValues<V>>();
  const phone = usePhoneScreen();
  const fields = Children.toArray(children);
  const main = fields.find((field) => nameOf(field) === mainField) ?? fields[0];
  const folded = phone && fields.length > 1 ? fields.filter((field) => field !== main) : [];
  const [applied, setApplied] = useState(() => activeFilters(initialValues, nameOf(main)));
  const [open, setOpen] = useState(false);

  const search = (values: FieldValues<V>) => {
    setApplied(activeFilters(values, nameOf(main)));
    setOpen(false);
    onSearch(('createTime' in values ? { ...values, createTime: createTimeFilter(values.createTime) } : values) as V);
  };
  const reset = () => {
    form.resetFields();
    setApplied(activeFilters(initialValues, nameOf(main)));
    setOpen(false);
    onReset();
  };
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
      // A field folded away on a phone that stops the search shows itself with its message.
      onFinishFailed={(failure) => {
        if (folded.length > 0) setOpen(true);
        formProps?.onFinishFailed?.(failure);
      }}
      className={[styles.bar, formProps?.className].filter(Boolean).join(' ')}
      style={{ rowGap: 12, marginBottom: 16 }}
    >
      {folded.length > 0 ? main : children}
      <Form.Item style={{ marginInlineEnd: 0 }}>
        <Space wrap>
          <Button type="primary" htmlType="submit" icon={<SearchOutlined aria-hidden />}>
            {t('list.search')}
          </Button>
          <Button icon={<ReloadOutlined aria-hidden />} onClick={reset}>
            {t('list.reset')}
          </Button>
          {folded.length > 0 && <FiltersButton active={applied} onOpen={() => setOpen(true)} />}
        </Space>
      </Form.Item>
      {folded.length > 0 && (
        <FiltersDrawer open={open} onClose={() => setOpen(false)} onSearch={form.submit} onReset={reset}>
          {folded}
        </FiltersDrawer>
      )}
    </Form>
  );
}
