import { Radio, type RadioGroupProps } from 'antd';
import { useDict } from '@/lib/dict/use-dict.ts';

interface DictRadioProps extends Omit<RadioGroupProps, 'options'> {
  /** The dictionary whose entries are the choices, e.g. `job_status`. */
  dict: string;
}

/**
 * Radio buttons for a short dictionary (statuses). Values are the entries' texts (`"true"`,
 * `"1"`), so a form maps them to its own types once, in its value mapping.
 */
export function DictRadio({ dict, ...props }: DictRadioProps) {
  const { dict: entries } = useDict(dict);
  const options = (entries[dict] ?? []).map((item) => ({ value: String(item.value), label: item.label }));
  return <Radio.Group {...props} options={options} />;
}
