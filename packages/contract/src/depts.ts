import Type, { type Static } from 'typebox';
import { CreateTimeRange, DateTime, ID_MAX, Id, nullable, OptionalPaging, ParentId } from './common.ts';
import { listColumns } from './list-columns.ts';

export const Dept = Type.Object({
  id: Type.Integer(),
  pid: Type.Union([Type.Integer(), Type.Null()]),
  /** Null at the top level, and for a parent outside the caller's data scope. */
  parentName: Type.Union([Type.String(), Type.Null()]),
  subCount: Type.Integer(),
  name: Type.String(),
  deptSort: Type.Integer(),
  enabled: Type.Boolean(),
  hasChildren: Type.Boolean(),
  leaf: Type.Boolean(),
  /** The name, for tree pickers. */
  label: Type.String(),
  createBy: Type.Union([Type.String(), Type.Null()]),
  updateBy: Type.Union([Type.String(), Type.Null()]),
  createTime: Type.Union([DateTime, Type.Null()]),
  updateTime: Type.Union([DateTime, Type.Null()]),
});
export type Dept = Static<typeof Dept>;

/** The departments' list, on the page (a tree) and in its Excel file (flat, each with its parent). */
export const DEPT_COLUMNS = listColumns<Dept>()({
  name: { field: 'name', title: 'depts.name', sortable: true },
  parent: { field: 'parentName', title: 'depts.parent', fileOnly: true },
  deptSort: { field: 'deptSort', title: 'depts.sort', sortable: true, width: 100 },
  enabled: {
    field: 'enabled',
    title: 'depts.status',
    kind: 'enum',
    labels: 'depts.statuses',
    sortable: true,
    width: 110,
  },
  createTime: { field: 'createTime', title: 'list.createTime', sortable: true, width: 180 },
});

/** A department with the loaded part of its subtree (`api/dept/superior`). */
export type DeptNode = Dept & { children?: DeptNode[] };

export const DeptNode = Type.Cyclic(
  {
    DeptNode: Type.Object({
      ...Dept.properties,
      children: Type.Optional(Type.Array(Type.Ref('DeptNode'))),
    }),
  },
  'DeptNode',
);

export const DeptPage = Type.Object({
  content: Type.Array(Dept),
  totalElements: Type.Integer({ minimum: 0 }),
});

export const DeptTree = Type.Object({
  content: Type.Array(DeptNode),
  totalElements: ParentId({ description: 'number of departments in the tree' }),
});

const deptFilters = {
  name: Type.Optional(Type.String({ maxLength: 255, description: 'part of the name; answers a flat list' })),
  enabled: Type.Optional(Type.Boolean()),
  pid: Type.Optional(ParentId({ description: 'children of this department; 0 = top level' })),
  createTime: Type.Optional(CreateTimeRange),
};

export const DeptQuery = Type.Object({ ...OptionalPaging, ...deptFilters });
export type DeptQuery = Static<typeof DeptQuery>;

/** Filters of the Excel export: those of the list, without paging. */
export const DeptFilter = Type.Object({ ...deptFilters, sort: OptionalPaging.sort });

const deptFields = {
  pid: Type.Optional(
    nullable<number>('integer', { minimum: 0, maximum: ID_MAX, description: 'parent; null or 0 = top level' }),
  ),
  name: Type.String({ minLength: 1, maxLength: 255 }),
  /** Absent: 999 for a new department, unchanged for an existing one. */
  deptSort: Type.Optional(Type.Integer({ minimum: 0, maximum: 99999 })),
  /** Absent: enabled for a new department, unchanged for an existing one. */
  enabled: Type.Optional(Type.Boolean()),
};

/** eladmin clients send `id: null` when creating. */
export const DeptCreateInput = Type.Object({ id: Type.Optional(Type.Null()), ...deptFields });
export type DeptCreateInput = Static<typeof DeptCreateInput>;

export const DeptUpdateInput = Type.Object({ id: Id(), ...deptFields });
export type DeptUpdateInput = Static<typeof DeptUpdateInput>;
