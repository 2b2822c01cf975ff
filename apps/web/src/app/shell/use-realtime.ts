import { useEffect } from 'react';
import { loadGlobalSetting } from '../../lib/global-setting-store.ts';
import { queryClient } from '../../lib/query-client.ts';
import { type ChangeTopic, connectRealtime } from '../../lib/realtime.ts';
import { loginPathFor } from '../../lib/safe-redirect.ts';
import { restartSignedOut, useSession } from '../../lib/session.ts';
import { refreshMenuRoutes, refreshUserInfo } from '../routing/startup.ts';

/**
 * Query keys (first part) that hold data of each topic: `dict` is every dictionary dropdown
 * (`useDict`), the others are the lists of the system pages.
 */
const TOPIC_QUERIES: Record<ChangeTopic, string[]> = {
  dicts: ['dict', 'dicts'],
  menus: ['menus', 'roles'],
  permissions: ['menus', 'roles'],
  settings: [],
};

function onChanged(topic: ChangeTopic): void {
  for (const key of TOPIC_QUERIES[topic]) void queryClient.invalidateQueries({ queryKey: [key] });
  // The sidebar and the buttons follow the change without signing in again.
  if (topic === 'menus') void refreshMenuRoutes();
  if (topic === 'permissions') void refreshUserInfo().then(refreshMenuRoutes);
  if (topic === 'settings') void loadGlobalSetting();
}

/** The console's one socket to the server, open while someone is signed in. */
export function useRealtime(): void {
  const token = useSession((state) => state.token);
  useEffect(() => {
    if (!token) return;
    return connectRealtime(token, {
      onChanged,
      onLogout: () => restartSignedOut(loginPathFor(window.location.pathname + window.location.search)),
    });
  }, [token]);
}
