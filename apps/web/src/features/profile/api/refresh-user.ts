import { fetchUserInfo } from '@/lib/current-user.ts';
import { setUserInfo } from '@/lib/session.ts';

/** Reads `auth/info` again after a change to one's own account, so the top bar and this page show it. */
export async function refreshUser(): Promise<void> {
  setUserInfo(await fetchUserInfo());
}
