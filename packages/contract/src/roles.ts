import Type, { type Static } from 'typebox';
import { CreateTimeRange, DateTime, Id, IdRef, nullable, PageQuery } from './common.ts';
import { listColumns } from './list-columns.ts';

/**
 * Wire values of a role's data scope: all, own department, custom departments (eladmin's), and
 * own department with every department below it (an agent's staff see the agent's subtree).
 */
export const DATA_SCOPES = ['全部', '本级', '本级及以下', '自定义'] as const;
export type DataScope = (typeof DATA_SCOPES)[number];
export const DATA_SCOPE_ALL: DataScope = '全部';
export const DATA_SCOPE_OWN: DataScope = '本级';
export const DATA_SCOPE_SUBTREE: DataScope = '本级及以下';
export const DATA_SCOPE_CUSTOM: DataScope = '自定义';

/** Role levels: 1 is the most powerful. */
export const ROLE_LEVEL_MIN = 1;
export const ROLE_LEVEL_MAX = 999;
/** The level of a user who holds no role: below every role. */
export const LEVEL_WITHOUT_ROLES = ROLE_LEVEL_MAX + 1;

export const Role = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  level: Type.Integer(),
  description: Type.Union([Type.String(), Type.Null()]),
  dataScope: Type.String(),
  /** The departments of a custom data scope. */
  depts: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String() })),
  deptNames: Type.String({ description: 'the names of the custom data scope’s departments, comma-separated' }),
  /** Menus and buttons the role grants. */
  menus: Type.Array(Type.Object({ id: Type.Integer(), title: Type.String() })),
  createBy: Type.Union([Type.String(), Type.Null()]),
  updateBy: Type.Union([Type.String(), Type.Null()]),
  createTime: Type.Union([DateTime, Type.Null()]),
  updateTime: Type.Union([DateTime, Type.Null()]),
});
export type Role = Static<typeof Role>;

/** The roles' list, on the page and in its Excel file. */
export const ROLE_COLUMNS = listColumns<Role>()({
  name: { field: 'name', title: 'roles.name', sortable: true },
  dataScope: { field: 'dataScope', title: 'roles.dataScope', kind: 'enum', labels: 'roles.scopes', sortable: true },
  level: { field: 'level', title: 'roles.level', sortable: true, width: 90 },
  depts: { field: 'deptNames', title: 'roles.depts', fileOnly: true },
  description: { field: 'description', title: 'roles.description' },
  createTime: { field: 'createTime', title: 'list.createTime', sortable: true, width: 180 },
});

export const RolePage = Type.Object({
  content: Type.Array(Role),
  totalElements: Type.Integer({ minimum: 0 }),
});

export const RoleQuery = Type.Object({
  ...PageQuery.properties,
  blurry: Type.Optional(Type.String({ maxLength: 255, description: 'part of the name or description' })),
  createTime: Type.Optional(CreateTimeRange),
});
export type RoleQuery = Static<typeof RoleQuery>;

/** Filters of the Excel export: those of the list, without paging. */
export const RoleFilter = Type.Object({
  blurry: RoleQuery.properties.blurry,
  createTime: RoleQuery.properties.createTime,
  sort: PageQuery.properties.sort,
});

const roleFields = {
  name: Type.String({ minLength: 1, maxLength: 255 }),
  level: Type.Integer({ minimum: ROLE_LEVEL_MIN, maximum: ROLE_LEVEL_MAX }),
  description: Type.Optional(nullable<string>('string', { maxLength: 255 })),
  dataScope: Type.Unsafe<DataScope>({
    type: 'string',
    enum: [...DATA_SCOPES],
    errorMessage: `must be one of ${DATA_SCOPES.join(', ')}`,
  }),
  /** Required, and not empty, when the data scope is 自定义; ignored otherwise. */
  depts: Type.Optional(Type.Array(IdRef, { maxItems: 10_000 })),
  /** Absent (or null, as eladmin clients send it): none for a new role, unchanged for an existing one. */
  menus: Type.Optional(Type.Union([Type.Null(), Type.Array(IdRef, { maxItems: 10_000 })])),
};

/** eladmin clients send `id: null` when creating. */
export const RoleCreateInput = Type.Object({ id: Type.Optional(Type.Null()), ...roleFields });
export type RoleCreateInput = Static<typeof RoleCreateInput>;

export const RoleUpdateInput = Type.Object({ id: Id(), ...roleFields });
export type RoleUpdateInput = Static<typeof RoleUpdateInput>;

export const RoleMenusInput = Type.Object({
  id: Id(),
  menus: Type.Array(IdRef, { maxItems: 10_000 }),
});
export type RoleMenusInput = Static<typeof RoleMenusInput>;

export const RoleLevel = Type.Object({
  level: Type.Integer({ description: 'the best (lowest) level among the caller’s roles' }),
});
export type RoleLevel = Static<typeof RoleLevel>;
