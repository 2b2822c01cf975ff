import type { UserDto } from '@water/contract/auth';
import { LEVEL_WITHOUT_ROLES } from '@water/contract/roles';
import type { Gender, UserCreateInput, UserUpdateInput } from '@water/contract/users';

/** The user form: references as ids, the status as the `user_status` dictionary's value text. */
export interface UserFormValues {
  username: string;
  nickName: string;
  gender?: Gender | null;
  phone?: string | null;
  email?: string | null;
  deptId?: number;
  jobIds: number[];
  roleIds: number[];
  enabled: string;
  /** New users only; empty gives the server's default password, to be changed at first sign-in. */
  password?: string;
}

export const NEW_USER: UserFormValues = {
  username: '',
  nickName: '',
  gender: null,
  phone: '',
  email: '',
  jobIds: [],
  roleIds: [],
  enabled: 'true',
  password: '',
};

export function toUserFormValues(user: UserDto): UserFormValues {
  return {
    username: user.username,
    nickName: user.nickName,
    gender: (user.gender as Gender | null) ?? null,
    phone: user.phone ?? '',
    email: user.email ?? '',
    deptId: user.dept?.id,
    jobIds: user.jobs.map((job) => job.id),
    roleIds: user.roles.map((role) => role.id),
    enabled: String(user.enabled),
  };
}

const text = (value: string | null | undefined) => {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
};

function commonFields(values: UserFormValues) {
  return {
    username: values.username.trim(),
    nickName: values.nickName.trim(),
    gender: values.gender ?? null,
    phone: text(values.phone),
    email: text(values.email),
    dept: { id: values.deptId ?? 0 },
    jobs: values.jobIds.map((id) => ({ id })),
    roles: values.roleIds.map((id) => ({ id })),
    enabled: values.enabled === 'true',
  };
}

export function toUserCreateInput(values: UserFormValues): UserCreateInput {
  const password = values.password ?? '';
  return { ...commonFields(values), ...(password ? { password } : {}) };
}

export function toUserUpdateInput(values: UserFormValues, id: number): UserUpdateInput {
  return { id, ...commonFields(values) };
}

/** The table's status switch: the user as they are, with only the status changed. */
export function withEnabled(user: UserDto, enabled: boolean): UserUpdateInput {
  return { ...toUserUpdateInput(toUserFormValues(user), user.id), enabled };
}

/** A user's best (lowest) role level; one without roles stands below every role. */
export function bestLevel(user: Pick<UserDto, 'roles'>): number {
  return Math.min(LEVEL_WITHOUT_ROLES, ...user.roles.map((role) => role.level));
}

/** Whether the caller (of best level `ownLevel`) may edit, reset or delete this user (the server checks again). */
export function canManage(user: Pick<UserDto, 'roles'>, ownLevel: number | undefined): boolean {
  return ownLevel === undefined || bestLevel(user) >= ownLevel;
}
