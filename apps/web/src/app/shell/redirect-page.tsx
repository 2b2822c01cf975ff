import { Navigate, useLocation, useParams } from 'react-router';

/** `/redirect/<path>`: comes straight back to `<path>`, so the page there mounts afresh (tab refresh). */
export function RedirectPage() {
  const { '*': rest = '' } = useParams();
  const { search } = useLocation();
  return <Navigate to={`/${rest}${search}`} replace />;
}
