import { Select, type SelectProps } from 'antd';
import { useTranslation } from 'react-i18next';

interface EnumSelectProps<T extends string> extends Omit<SelectProps<T>, 'options'> {
  /** The words to choose from (`ACTIVE`, `PAUSED`, …). */
  values: readonly T[];
  /** Each word's label in the console's language. */
  labelOf: (value: T) => string;
  width?: number;
}

/** A search bar's filter by one of a fixed set of words, each shown translated; cleared to show all. */
export function EnumSelect<T extends string>({ values, labelOf, width = 130, ...props }: EnumSelectProps<T>) {
  const { t } = useTranslation();
  return (
    <Select<T>
      allowClear
      placeholder={t('list.all')}
      style={{ width }}
      options={values.map((value) => ({ value, label: labelOf(value) }))}
      {...props}
    />
  );
}
