import { Select, type SelectProps } from 'antd';
import { useMemo } from 'react';
import { PAGE_LOADERS } from '../../../app/page-registry.ts';

/** The page a menu opens: one of the keys this build's page registry knows. */
export function PageKeySelect(props: Omit<SelectProps<string>, 'options'>) {
  const options = useMemo(() => {
    const keys = Object.keys(PAGE_LOADERS).sort();
    // A key set for another build stays visible, so editing the menu does not drop it unseen.
    if (props.value && !keys.includes(props.value)) keys.push(props.value);
    return keys.map((key) => ({ value: key, label: key }));
  }, [props.value]);
  return <Select<string> showSearch allowClear {...props} options={options} />;
}
