import {
  DATA_SCOPE_ALL,
  DATA_SCOPE_CUSTOM,
  type DataScope,
  type Role,
  type RoleCreateInput,
  type RoleUpdateInput,
} from '@water/contract/roles';

export interface RoleFormValues {
  name: string;
  level: number;
  dataScope: DataScope;
  /** The departments of a custom data scope. */
  deptIds: number[];
  description?: string | null;
}

/** A new role starts at level 3, or at the caller's own level when that is lower in power (a higher number). */
export function newRoleValues(minLevel = 3): RoleFormValues {
  return { name: '', level: Math.max(minLevel, 3), dataScope: DATA_SCOPE_ALL, deptIds: [], description: '' };
}

export function toRoleFormValues(role: Role): RoleFormValues {
  return {
    name: role.name,
    level: role.level,
    dataScope: role.dataScope as DataScope,
    deptIds: role.depts.map((dept) => dept.id),
    description: role.description ?? '',
  };
}

/** Menus are left out: a role's menus change only through the permission tree. */
export function toRoleInput(values: RoleFormValues): RoleCreateInput;
export function toRoleInput(values: RoleFormValues, id: number): RoleUpdateInput;
export function toRoleInput(values: RoleFormValues, id?: number): RoleCreateInput | RoleUpdateInput {
  const description = values.description?.trim();
  const fields = {
    name: values.name.trim(),
    level: values.level,
    dataScope: values.dataScope,
    depts: values.dataScope === DATA_SCOPE_CUSTOM ? values.deptIds.map((deptId) => ({ id: deptId })) : [],
    description: description || null,
  };
  return id === undefined ? fields : { id, ...fields };
}
