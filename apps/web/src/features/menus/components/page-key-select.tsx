import { PAGE_KEYS } from '@water/contract/page-keys';
import { Select, type SelectProps } from 'antd';
import { useMemo } from 'react';

/** The page a menu opens: one of the page keys of the contract. */
export function PageKeySelect(props: Omit<SelectProps<string>, 'options'>) {
  const options = useMemo(() => {
    const keys: string[] = [...PAGE_KEYS].sort();
    // A key set for another build stays visible, so editing the menu does not drop it unseen.
    if (props.value && !keys.includes(props.value)) keys.push(props.value);
    return keys.map((key) => ({ value: key, label: key }));
  }, [props.value]);
  return <Select<string> showSearch allowClear {...props} options={options} />;
}
