import { MENU_TYPE_BUTTON, MENU_TYPE_DIRECTORY, type Menu, type MenuInput, type MenuType } from '@water/contract/menus';

export interface MenuFormValues {
  type: MenuType;
  title: string;
  /** 0: top level. */
  pid: number;
  menuSort: number;
  icon?: string | null;
  path?: string | null;
  component?: string | null;
  componentName?: string | null;
  permission?: string | null;
  iFrame: boolean;
  cache: boolean;
  hidden: boolean;
}

export type MenuField = 'icon' | 'path' | 'component' | 'componentName' | 'permission' | 'iFrame' | 'cache' | 'hidden';

/**
 * The fields that mean something for a type: a directory has an icon and a path; a menu also a
 * page, a component name, a permission and caching (no page for an external link); a button only
 * its permission.
 */
export function menuFieldsFor(type: MenuType, iFrame: boolean): ReadonlySet<MenuField> {
  if (type === MENU_TYPE_BUTTON) return new Set(['permission']);
  if (type === MENU_TYPE_DIRECTORY) return new Set(['icon', 'path', 'iFrame', 'hidden']);
  return new Set<MenuField>(
    iFrame
      ? ['icon', 'path', 'iFrame', 'hidden', 'permission']
      : ['icon', 'path', 'iFrame', 'hidden', 'permission', 'cache', 'component', 'componentName'],
  );
}

export function newMenuValues(pid: number | null = null, type: MenuType = MENU_TYPE_DIRECTORY): MenuFormValues {
  return { type, title: '', pid: pid ?? 0, menuSort: 999, iFrame: false, cache: false, hidden: false };
}

export function toMenuFormValues(menu: Menu): MenuFormValues {
  return {
    type: menu.type,
    title: menu.title,
    pid: menu.pid ?? 0,
    menuSort: menu.menuSort,
    icon: menu.icon,
    path: menu.path,
    component: menu.component,
    componentName: menu.componentName,
    permission: menu.permission,
    iFrame: menu.iFrame,
    cache: menu.cache,
    hidden: menu.hidden,
  };
}

const text = (value: string | null | undefined) => {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
};

/** The create or update payload: fields that do not apply to the type are cleared, not sent stale. */
export function toMenuInput(values: MenuFormValues, id?: number): MenuInput {
  const fields = menuFieldsFor(values.type, values.iFrame);
  const pick = (field: MenuField, value: string | null | undefined) => (fields.has(field) ? text(value) : null);
  return {
    ...(id === undefined ? {} : { id }),
    type: values.type,
    title: values.title.trim(),
    pid: values.pid > 0 ? values.pid : null,
    menuSort: values.menuSort,
    icon: pick('icon', values.icon),
    path: pick('path', values.path),
    component: pick('component', values.component),
    componentName: pick('componentName', values.componentName),
    permission: pick('permission', values.permission),
    iFrame: fields.has('iFrame') && values.iFrame,
    cache: fields.has('cache') && values.cache,
    hidden: fields.has('hidden') && values.hidden,
  };
}
