import { useTranslation } from 'react-i18next';
import { LinkButton } from '@/components/link-button.tsx';
import { StatusNotice } from '@/components/status-notice.tsx';
import { useMenuTitle } from '@/lib/menu-title.ts';
import type { RouteEntry } from '@/lib/menus-to-routes.ts';

/** A menu names a page this build does not have: say so, never crash. */
export function PageUnavailable({ entry }: { entry: RouteEntry }) {
  const { t } = useTranslation();
  const menuTitle = useMenuTitle();
  const title = menuTitle(entry.title);
  return (
    <StatusNotice
      status="warning"
      title={t('shell.pageUnavailableTitle')}
      subTitle={
        entry.pageKey
          ? t('shell.pageUnavailable', { title, key: entry.pageKey })
          : t('shell.pageUnavailableNoKey', { title })
      }
      extra={
        <LinkButton type="primary" to="/dashboard">
          {t('pages.backHome')}
        </LinkButton>
      }
    />
  );
}
