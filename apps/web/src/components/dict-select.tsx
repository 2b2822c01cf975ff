import { Select, type SelectProps } from 'antd';
import { useDict } from '@/lib/dict/use-dict.ts';

type DictValue = string | number;

interface DictSelectProps extends Omit<SelectProps<DictValue>, 'options' | 'loading'> {
  /** The dictionary whose entries are the options, e.g. `user_status`. */
  dict: string;
}

/** A select whose options are a dictionary's entries (numeric-looking values are numbers). */
export function DictSelect({ dict, ...props }: DictSelectProps) {
  const { dict: entries, isLoading } = useDict(dict);
  const options = (entries[dict] ?? []).map((item) => ({ value: item.value, label: item.label }));
  return <Select<DictValue> {...props} options={options} loading={isLoading} />;
}
