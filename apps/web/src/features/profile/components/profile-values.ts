import type { UserDto } from '@water/contract/auth';
import type { Gender, UserCenterInput } from '@water/contract/users';

export interface ProfileValues {
  nickName: string;
  gender?: Gender | null;
  phone?: string | null;
}

export function toProfileValues(user: UserDto): ProfileValues {
  return { nickName: user.nickName, gender: (user.gender as Gender | null) ?? null, phone: user.phone ?? '' };
}

/** `PUT api/users/center` body: one's own id, the nickname trimmed, an empty phone as null. */
export function toProfileInput(id: number, values: ProfileValues): UserCenterInput {
  const phone = values.phone?.trim();
  return { id, nickName: values.nickName.trim(), gender: values.gender ?? null, phone: phone || null };
}
