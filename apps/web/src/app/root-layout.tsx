import { Suspense, useEffect } from 'react';
import { useNavigate } from 'react-router';
import { FullPageSpinner } from '@/components/full-page-spinner.tsx';
import { bindNavigate } from '@/lib/notifier.ts';
import { RouteGuard } from './route-guard.tsx';
import { useDocumentTitle } from './use-document-title.ts';

export function RootLayout() {
  useDocumentTitle();
  const navigate = useNavigate();
  // The notifier lives outside React and sends 403 answers to /401.
  useEffect(() => bindNavigate((path) => void navigate(path)), [navigate]);
  return (
    <Suspense fallback={<FullPageSpinner />}>
      <RouteGuard />
    </Suspense>
  );
}
