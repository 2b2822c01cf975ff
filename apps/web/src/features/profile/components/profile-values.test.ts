import type { UserDto } from '@water/contract/auth';
import { describe, expect, it } from 'vitest';
import { toProfileInput, toProfileValues } from './profile-values.ts';

const user = {
  id: 3,
  username: 'ann',
  nickName: 'Ann',
  gender: null,
  phone: null,
  email: 'ann@example.com',
} as UserDto;

describe('profile values', () => {
  it('send one’s own id with the trimmed nickname and an empty phone as null', () => {
    expect(toProfileInput(3, { ...toProfileValues(user), nickName: ' Annie ' })).toEqual({
      id: 3,
      nickName: 'Annie',
      gender: null,
      phone: null,
    });
    expect(toProfileInput(3, { nickName: 'Ann', gender: '女', phone: ' 13800000000 ' })).toEqual({
      id: 3,
      nickName: 'Ann',
      gender: '女',
      phone: '13800000000',
    });
  });
});
