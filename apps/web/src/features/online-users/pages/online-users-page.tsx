import { PagePlaceholder } from '@/components/page-placeholder.tsx';

export function OnlineUsersPage() {
  return <PagePlaceholder title="Online users" />;
}
