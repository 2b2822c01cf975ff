import { ScrollRestoration } from 'react-router';
import { RouteGuard } from './route-guard.tsx';
import { useDocumentTitle } from './use-document-title.ts';

export function RootLayout() {
  useDocumentTitle();
  return (
    <>
      <ScrollRestoration />
      <RouteGuard />
    </>
  );
}
