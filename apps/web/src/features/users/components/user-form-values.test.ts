import type { UserDto } from '@water/contract/auth';
import { describe, expect, it } from 'vitest';
import {
  bestLevel,
  canManage,
  NEW_USER,
  toUserCreateInput,
  toUserFormValues,
  toUserUpdateInput,
  withEnabled,
} from './user-form-values.ts';

const user: UserDto = {
  id: 8,
  username: 'ann',
  nickName: 'Ann',
  gender: '女',
  phone: '13800000000',
  email: null,
  avatarName: null,
  avatarPath: null,
  enabled: true,
  pwdResetTime: null,
  dept: { id: 5, name: 'Sales' },
  jobs: [{ id: 3, name: 'Engineer' }],
  roles: [
    { id: 2, name: 'User', level: 3, dataScope: '本级' },
    { id: 4, name: 'Manager', level: 2, dataScope: '全部' },
  ],
  createTime: null,
  updateTime: null,
};

describe('user form values', () => {
  it('become a create payload: references as {id}, empty text as null, no password unless typed', () => {
    const values = {
      ...NEW_USER,
      username: ' bob ',
      nickName: ' Bob ',
      phone: ' ',
      email: 'bob@example.com',
      deptId: 5,
      jobIds: [3],
      roleIds: [2, 4],
    };
    expect(toUserCreateInput(values)).toEqual({
      username: 'bob',
      nickName: 'Bob',
      gender: null,
      phone: null,
      email: 'bob@example.com',
      dept: { id: 5 },
      jobs: [{ id: 3 }],
      roles: [{ id: 2 }, { id: 4 }],
      enabled: true,
    });
    expect(toUserCreateInput({ ...values, password: 'Secret-123' }).password).toBe('Secret-123');
  });

  it('round-trip an existing user into an update payload without any password', () => {
    expect(toUserUpdateInput(toUserFormValues(user), user.id)).toEqual({
      id: 8,
      username: 'ann',
      nickName: 'Ann',
      gender: '女',
      phone: '13800000000',
      email: null,
      dept: { id: 5 },
      jobs: [{ id: 3 }],
      roles: [{ id: 2 }, { id: 4 }],
      enabled: true,
    });
  });

  it('change only the status from the table switch', () => {
    expect(withEnabled(user, false)).toMatchObject({ id: 8, enabled: false, roles: [{ id: 2 }, { id: 4 }] });
  });

  it('know whose account the caller may manage', () => {
    expect(bestLevel(user)).toBe(2);
    expect(bestLevel({ roles: [] })).toBe(1000);
    expect(canManage(user, 2)).toBe(true);
    expect(canManage(user, 3)).toBe(false);
    expect(canManage(user, 1)).toBe(true);
    expect(canManage(user, undefined)).toBe(true);
  });
});
