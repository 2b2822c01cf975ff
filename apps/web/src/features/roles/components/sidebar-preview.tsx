import { Alert, Empty, Menu, type MenuProps, Skeleton, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { MenuIcon } from '@/lib/menu-icons.tsx';
import { useMenuTitle } from '@/lib/menu-title.ts';
import { menusToRoutes, type SidebarItem } from '@/lib/menus-to-routes.ts';
import { useMenuCatalogue } from '../api/get-menu-catalogue.ts';
import { previewBuild } from './permission-tree.ts';

type MenuItem = NonNullable<MenuProps['items']>[number];

function toItems(items: readonly SidebarItem[], title: (raw: string) => string): MenuItem[] {
  return items.map((item) => ({
    key: item.key,
    icon: <MenuIcon name={item.icon} />,
    label: title(item.title),
    ...(item.children ? { children: toItems(item.children, title) } : {}),
  }));
}

function directoryKeys(items: readonly SidebarItem[]): string[] {
  return items.flatMap((item) => (item.children ? [item.key, ...directoryKeys(item.children)] : []));
}

/** The sidebar holders of the ticked menus get, made the way the shell makes its own. */
export function SidebarPreview({ checked }: { checked: readonly number[] }) {
  const { t } = useTranslation();
  const menuTitle = useMenuTitle();
  const catalogue = useMenuCatalogue();
  const sidebar = useMemo(
    () => menusToRoutes(previewBuild(catalogue.data ?? [], checked)).sidebar,
    [catalogue.data, checked],
  );
  if (catalogue.isPending) return <Skeleton active />;
  if (catalogue.isError) return <Alert type="warning" showIcon title={t('roles.loadFailed')} />;
  return (
    <>
      <Typography.Paragraph type="secondary">{t('roles.previewHelp')}</Typography.Paragraph>
      {sidebar.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('roles.previewEmpty')} />
      ) : (
        <nav aria-label={t('roles.preview')}>
          <Menu
            mode="inline"
            theme="dark"
            selectable={false}
            openKeys={directoryKeys(sidebar)}
            items={[
              { key: 'home', icon: <MenuIcon name="home" />, label: menuTitle('Home') },
              ...toItems(sidebar, menuTitle),
            ]}
            style={{ borderRadius: 8, paddingBlock: 4 }}
          />
        </nav>
      )}
    </>
  );
}
