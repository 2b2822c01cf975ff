import Type, { type Static } from 'typebox';
import { AbsentId, DateTime, ParentId } from './common.ts';
import { listColumns } from './list-columns.ts';

/** 0 directory, 1 menu (a page), 2 button (a permission only). */
export const MenuType = Type.Union([Type.Literal(0), Type.Literal(1), Type.Literal(2)]);
export type MenuType = Static<typeof MenuType>;
/** A directory groups menus, a menu shows a page (or a link), a button is a permission only. */
export const MENU_TYPE_DIRECTORY = 0;
export const MENU_TYPE_MENU = 1;
export const MENU_TYPE_BUTTON = 2;

export const Menu = Type.Object({
  id: Type.Integer(),
  pid: Type.Union([Type.Integer(), Type.Null()]),
  subCount: Type.Integer(),
  type: MenuType,
  title: Type.String(),
  componentName: Type.Union([Type.String(), Type.Null()]),
  component: Type.Union([Type.String(), Type.Null()]),
  path: Type.Union([Type.String(), Type.Null()]),
  icon: Type.Union([Type.String(), Type.Null()]),
  iFrame: Type.Boolean(),
  cache: Type.Boolean(),
  hidden: Type.Boolean(),
  permission: Type.Union([Type.String(), Type.Null()]),
  menuSort: Type.Integer(),
  createBy: Type.Union([Type.String(), Type.Null()]),
  updateBy: Type.Union([Type.String(), Type.Null()]),
  createTime: Type.Union([DateTime, Type.Null()]),
  updateTime: Type.Union([DateTime, Type.Null()]),
  hasChildren: Type.Boolean(),
  leaf: Type.Boolean(),
  label: Type.String(),
});
export type Menu = Static<typeof Menu>;

/** The menus' list, on the page (a tree) and in its Excel file (flat). */
export const MENU_COLUMNS = listColumns<Menu>()({
  title: { field: 'title', title: 'menus.title', sortable: true },
  type: { field: 'type', title: 'menus.type', kind: 'enum', labels: 'menus.types', width: 90 },
  menuSort: { field: 'menuSort', title: 'menus.sort', sortable: true, width: 90 },
  path: { field: 'path', title: 'menus.path' },
  component: { field: 'component', title: 'menus.component' },
  permission: { field: 'permission', title: 'menus.permission' },
  iFrame: { field: 'iFrame', title: 'menus.iFrame', kind: 'yesNo', width: 100 },
  cache: { field: 'cache', title: 'menus.cache', kind: 'yesNo', width: 100 },
  hidden: { field: 'hidden', title: 'menus.hidden', kind: 'yesNo', width: 90 },
  createTime: { field: 'createTime', title: 'list.createTime', sortable: true, width: 180 },
});

export const MenuInput = Type.Object({
  id: AbsentId,
  pid: Type.Optional(Type.Union([ParentId(), Type.Null()])),
  type: MenuType,
  title: Type.String({ minLength: 1, maxLength: 255 }),
  componentName: Type.Optional(Type.Union([Type.String({ maxLength: 255 }), Type.Null()])),
  component: Type.Optional(Type.Union([Type.String({ maxLength: 255 }), Type.Null()])),
  path: Type.Optional(Type.Union([Type.String({ maxLength: 255 }), Type.Null()])),
  icon: Type.Optional(Type.Union([Type.String({ maxLength: 255 }), Type.Null()])),
  iFrame: Type.Optional(Type.Boolean()),
  cache: Type.Optional(Type.Boolean()),
  hidden: Type.Optional(Type.Boolean()),
  permission: Type.Optional(Type.Union([Type.String({ maxLength: 255 }), Type.Null()])),
  menuSort: Type.Optional(Type.Integer({ minimum: 0, maximum: 99999 })),
});
export type MenuInput = Static<typeof MenuInput>;

export const MenuMeta = Type.Object({
  title: Type.String(),
  icon: Type.Union([Type.String(), Type.Null()]),
  noCache: Type.Boolean(),
});

/** One node of `api/menus/build`: the router tree of the signed-in user. */
export interface MenuRoute {
  name?: string;
  path: string;
  hidden: boolean;
  component?: string;
  redirect?: string;
  alwaysShow?: boolean;
  meta?: Static<typeof MenuMeta>;
  children?: MenuRoute[];
}

export const MenuRoute = Type.Cyclic(
  {
    MenuRoute: Type.Object({
      name: Type.Optional(Type.String()),
      path: Type.String(),
      hidden: Type.Boolean(),
      component: Type.Optional(Type.String()),
      redirect: Type.Optional(Type.String()),
      alwaysShow: Type.Optional(Type.Boolean()),
      meta: Type.Optional(MenuMeta),
      children: Type.Optional(Type.Array(Type.Ref('MenuRoute'))),
    }),
  },
  'MenuRoute',
);

/** `api/menus/tree`: every menu, for pickers. */
export interface MenuTreeNode {
  id: number;
  label: string;
  children?: MenuTreeNode[];
}

export const MenuTreeNode = Type.Cyclic(
  {
    MenuTreeNode: Type.Object({
      id: Type.Integer(),
      label: Type.String(),
      children: Type.Optional(Type.Array(Type.Ref('MenuTreeNode'))),
    }),
  },
  'MenuTreeNode',
);
