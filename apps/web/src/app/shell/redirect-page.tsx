import { useEffect } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { tabs } from './tabs/tabs-store.ts';

/**
 * `/redirect/<path>`: comes straight back to `<path>`, which mounts afresh even when its tab is
 * kept alive (the tab's Refresh action).
 */
export function RedirectPage() {
  const { '*': rest = '' } = useParams();
  const { search } = useLocation();
  const navigate = useNavigate();
  const target = `/${rest}${search}`;
  useEffect(() => {
    tabs.forget(target);
    void navigate(target, { replace: true });
  }, [navigate, target]);
  return null;
}
