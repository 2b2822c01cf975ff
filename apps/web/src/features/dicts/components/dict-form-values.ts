import type { Dict, DictDetail, DictDetailInput, DictInput } from '@water/contract/dicts';

export interface DictFormValues {
  name: string;
  description?: string | null;
}

export interface DictDetailFormValues {
  label: string;
  value: string;
  dictSort: number;
}

export const NEW_DICT: DictFormValues = { name: '', description: '' };

export function toDictFormValues(dict: Dict): DictFormValues {
  return { name: dict.name, description: dict.description ?? '' };
}

export function toDictInput(values: DictFormValues, id?: number): DictInput {
  const description = values.description?.trim();
  return { ...(id === undefined ? {} : { id }), name: values.name.trim(), description: description || null };
}

/** A new entry goes after the last one shown. */
export function newDictDetailValues(existing: readonly DictDetail[] = []): DictDetailFormValues {
  const last = Math.max(0, ...existing.map((entry) => entry.dictSort));
  return { label: '', value: '', dictSort: Math.min(last + 1, 99999) };
}

export function toDictDetailFormValues(detail: DictDetail): DictDetailFormValues {
  return { label: detail.label, value: detail.value, dictSort: detail.dictSort };
}

/** Values stay text on the wire; only surrounding spaces are dropped. */
export function toDictDetailInput(values: DictDetailFormValues, dictId: number, id?: number): DictDetailInput {
  return {
    ...(id === undefined ? {} : { id }),
    label: values.label.trim(),
    value: values.value.trim(),
    dictSort: values.dictSort,
    dict: { id: dictId },
  };
}
