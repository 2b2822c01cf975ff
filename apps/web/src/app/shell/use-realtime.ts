import type { QueryKey } from '@tanstack/react-query';
import type { AlarmPush } from '@water/contract/alarm-types';
import type { ChangeTopic } from '@water/contract/realtime';
import { useEffect } from 'react';
import { ApiError } from '@/lib/api-error.ts';
import { loadGlobalSetting } from '@/lib/global-setting-store.ts';
import { reportApiError } from '@/lib/notifier.ts';
import { queryClient } from '@/lib/query-client.ts';
import { alarmKeys, dictKeys, machineKeys, menuKeys, roleKeys } from '@/lib/query-keys.ts';
import { connectRealtime } from '@/lib/realtime.ts';
import { kickedLoginPathFor } from '@/lib/safe-redirect.ts';
import { isSigningOut, restartSignedOut, useSession } from '@/lib/session.ts';
import { refreshMenuRoutes, refreshUserInfo } from '../routing/startup.ts';
import { noticeAlarm } from './alarm-notices.tsx';

/** The cached data of each topic: dictionaries (pages and dropdowns), menus and the roles that hold them. */
const TOPIC_QUERIES: Record<ChangeTopic, readonly QueryKey[]> = {
  dicts: [dictKeys.all],
  menus: [menuKeys.all, roleKeys.all],
  permissions: [menuKeys.all, roleKeys.all],
  settings: [],
};

function onChanged(topic: ChangeTopic): void {
  for (const queryKey of TOPIC_QUERIES[topic]) void queryClient.invalidateQueries({ queryKey });
  // The sidebar and the buttons follow the change without signing in again.
  if (topic === 'menus') void refreshMenuRoutes();
  if (topic === 'permissions') void refreshUserInfo().then(refreshMenuRoutes);
  if (topic === 'settings') void loadGlobalSetting();
}

/** An alarm opened on a machine the user sees: the lists that show it refresh, and a notice says it. */
function onAlarm(alarm: AlarmPush): void {
  void queryClient.invalidateQueries({ queryKey: alarmKeys.all });
  void queryClient.invalidateQueries({ queryKey: machineKeys.all });
  noticeAlarm(alarm);
}

/** The console's one socket to the server, open while someone is signed in. */
export function useRealtime(): void {
  const token = useSession((state) => state.token);
  useEffect(() => {
    if (!token) return;
    return connectRealtime(token, {
      onChanged,
      onAlarm,
      // The session was ended elsewhere (password changed, account disabled): the same "System
      // prompt" as an expired session, at once rather than at the next request. Kicked out by an
      // administrator: straight to the sign-in page, which says so.
      onLogout: (reason) => {
        if (isSigningOut()) return;
        if (reason === 'KICKED')
          restartSignedOut(kickedLoginPathFor(window.location.pathname + window.location.search));
        else reportApiError(new ApiError(401, 'Your session has ended'));
      },
    });
  }, [token]);
}
