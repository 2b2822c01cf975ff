import type { Role } from '@water/contract/roles';
import { describe, expect, it } from 'vitest';
import { newRoleValues, toRoleFormValues, toRoleInput } from './role-form-values.ts';

const role: Role = {
  id: 4,
  name: 'Sales manager',
  level: 2,
  description: null,
  dataScope: '自定义',
  depts: [
    { id: 5, name: 'Sales' },
    { id: 6, name: 'Service' },
  ],
  deptNames: 'Sales, Service',
  menus: [{ id: 1, title: 'System' }],
  createBy: null,
  updateBy: null,
  createTime: null,
  updateTime: null,
};

describe('role form values', () => {
  it('send the departments only for a custom data scope, never the menus', () => {
    expect(toRoleInput(toRoleFormValues(role), role.id)).toEqual({
      id: 4,
      name: 'Sales manager',
      level: 2,
      dataScope: '自定义',
      depts: [{ id: 5 }, { id: 6 }],
      description: null,
    });
    expect(toRoleInput({ ...toRoleFormValues(role), dataScope: '本级' }).depts).toEqual([]);
  });

  it('start a new role at the caller’s level or below, with every department', () => {
    expect(newRoleValues(1)).toMatchObject({ level: 3, dataScope: '全部', deptIds: [] });
    expect(newRoleValues(5).level).toBe(5);
    expect(toRoleInput({ ...newRoleValues(), name: ' Clerk ', description: ' Front desk ' })).toEqual({
      name: 'Clerk',
      level: 3,
      dataScope: '全部',
      depts: [],
      description: 'Front desk',
    });
  });
});
