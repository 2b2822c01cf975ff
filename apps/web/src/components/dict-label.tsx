import { useDict } from '@/lib/dict/use-dict.ts';

interface DictLabelProps {
  dict: string;
  value: string | number | boolean | null | undefined;
  /** Shown for an empty value or one the dictionary does not list; the raw value otherwise. */
  fallback?: string;
}

/** The label a dictionary gives a stored value, e.g. `true` → "Active" for `user_status`. */
export function DictLabel({ dict, value, fallback }: DictLabelProps) {
  const { label } = useDict(dict);
  if (value === null || value === undefined || value === '') return <>{fallback ?? ''}</>;
  return <>{label[dict]?.[String(value)] ?? fallback ?? String(value)}</>;
}
