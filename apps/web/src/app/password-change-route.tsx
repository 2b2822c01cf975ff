import { useNavigate } from 'react-router';
import { signOut } from '@/features/auth/api/logout.ts';
import { RequiredPasswordChangePage } from '@/features/profile/pages/required-password-change-page.tsx';
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
        void signOut('/login');
      }}
    />
  );
}
