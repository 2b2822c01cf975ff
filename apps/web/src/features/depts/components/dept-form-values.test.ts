import { describe, expect, it } from 'vitest';
import { newDeptValues, toDeptFormValues, toDeptInput } from './dept-form-values.ts';

const dept = {
  id: 5,
  pid: 2,
  parentName: 'Head Office',
  subCount: 0,
  name: 'Sales',
  deptSort: 3,
  enabled: false,
  hasChildren: false,
  leaf: true,
  label: 'Sales',
  createBy: null,
  updateBy: null,
  createTime: null,
  updateTime: null,
};

describe('department form values', () => {
  it('send the top level as null and the status as a boolean', () => {
    expect(toDeptInput({ ...newDeptValues(), name: ' Audit ' })).toEqual({
      name: 'Audit',
      pid: null,
      deptSort: 999,
      enabled: true,
    });
    expect(toDeptInput({ ...newDeptValues(4), name: 'Audit' }).pid).toBe(4);
  });

  it('round-trip an existing department', () => {
    expect(toDeptFormValues(dept)).toEqual({ name: 'Sales', pid: 2, deptSort: 3, enabled: 'false' });
    expect(toDeptInput(toDeptFormValues(dept), dept.id)).toEqual({
      id: 5,
      name: 'Sales',
      pid: 2,
      deptSort: 3,
      enabled: false,
    });
    expect(toDeptFormValues({ ...dept, pid: null }).pid).toBe(0);
  });
});
