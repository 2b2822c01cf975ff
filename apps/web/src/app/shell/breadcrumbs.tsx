import { Breadcrumb } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useMenuTitle } from '@/lib/menu-title.ts';
import { findRoute } from '@/lib/menus-to-routes.ts';
import { fixedPage, HOME_PATH } from '../routing/fixed-pages.ts';
import { useStartup } from '../routing/startup.ts';

/** Home first, then the directories and the page; only Home is a link (directories are not pages). */
export function Breadcrumbs({ className }: { className?: string }) {
  const { t } = useTranslation();
  const menuTitle = useMenuTitle();
  const { pathname } = useLocation();
  const routes = useStartup((state) => state.table.routes);
  const trail =
    pathname === HOME_PATH
      ? []
      : (findRoute(routes, pathname)?.breadcrumb ??
        [fixedPage(pathname)?.title].filter((title) => title !== undefined));
  const home = menuTitle('Home');
  const items = [
    {
      key: HOME_PATH,
      title: trail.length > 0 ? <Link to={HOME_PATH}>{home}</Link> : <span aria-current="page">{home}</span>,
    },
    ...trail.map((title, index) => ({
      key: `${index}-${title}`,
      title: <span aria-current={index === trail.length - 1 ? 'page' : undefined}>{menuTitle(title)}</span>,
    })),
  ];
  return (
    <nav aria-label={t('topBar.breadcrumb')} className={className}>
      <Breadcrumb items={items} />
    </nav>
  );
}
