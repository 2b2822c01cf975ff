import { PagePlaceholder } from '@/components/page-placeholder.tsx';

export function GlobalSettingsPage() {
  return <PagePlaceholder title="Global settings" />;
}
