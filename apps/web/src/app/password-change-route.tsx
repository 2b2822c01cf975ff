import { useNavigate } from 'react-router';
import { logout } from '../features/auth/api/logout.ts';
import { RequiredPasswordChangePage } from '../features/profile/pages/required-password-change-page.tsx';
import { restartSignedOut } from '../lib/session.ts';
import { completePasswordChange } from './routing/startup.ts';

/** The required password change: once stored, the console opens at home. */
export function PasswordChangeRoute() {
  const navigate = useNavigate();
  return (
    <RequiredPasswordChangePage
      onChanged={() => {
        completePasswordChange();
        void navigate('/', { replace: true });
      }}
      onLogout={() => {
        void logout()
          .catch(() => undefined)
          .then(() => restartSignedOut('/login'));
      }}
    />
  );
}
