import { describe, expect, it } from 'vitest';
import {
  NEW_DICT,
  newDictDetailValues,
  toDictDetailFormValues,
  toDictDetailInput,
  toDictFormValues,
  toDictInput,
} from './dict-form-values.ts';

const entry = (id: number, dictSort: number) => ({ id, dict: { id: 1 }, label: `L${id}`, value: String(id), dictSort });

describe('dictionary form values', () => {
  it('send a dictionary with an empty description as null', () => {
    expect(toDictInput({ ...NEW_DICT, name: ' order_status ' })).toEqual({ name: 'order_status', description: null });
    expect(toDictInput({ name: 'a', description: ' Orders ' }, 4)).toEqual({ id: 4, name: 'a', description: 'Orders' });
    const dict = {
      id: 4,
      name: 'a',
      description: null,
      dictDetails: [],
      createBy: null,
      updateBy: null,
      createTime: null,
      updateTime: null,
    };
    expect(toDictFormValues(dict)).toEqual({ name: 'a', description: '' });
  });

  it('send an entry of the chosen dictionary, its value as text', () => {
    expect(toDictDetailInput({ label: ' Paid ', value: ' 2 ', dictSort: 2 }, 9)).toEqual({
      label: 'Paid',
      value: '2',
      dictSort: 2,
      dict: { id: 9 },
    });
    expect(toDictDetailInput(toDictDetailFormValues(entry(5, 3)), 1, 5)).toEqual({
      id: 5,
      label: 'L5',
      value: '5',
      dictSort: 3,
      dict: { id: 1 },
    });
  });

  it('place a new entry after the last one', () => {
    expect(newDictDetailValues([])).toEqual({ label: '', value: '', dictSort: 1 });
    expect(newDictDetailValues([entry(1, 1), entry(2, 7)]).dictSort).toBe(8);
  });
});
