import type { Dept, DeptCreateInput, DeptUpdateInput } from '@water/contract/depts';

/** The department form: parent 0 is the top level; the status as the `dept_status` value text. */
export interface DeptFormValues {
  name: string;
  pid: number;
  deptSort: number;
  enabled: string;
}

export function newDeptValues(pid: number | null = null): DeptFormValues {
  return { name: '', pid: pid ?? 0, deptSort: 999, enabled: 'true' };
}

export function toDeptFormValues(dept: Dept): DeptFormValues {
  return { name: dept.name, pid: dept.pid ?? 0, deptSort: dept.deptSort, enabled: String(dept.enabled) };
}

export function toDeptInput(values: DeptFormValues): DeptCreateInput;
export function toDeptInput(values: DeptFormValues, id: number): DeptUpdateInput;
export function toDeptInput(values: DeptFormValues, id?: number): DeptCreateInput | DeptUpdateInput {
  const fields = {
    name: values.name.trim(),
    pid: values.pid > 0 ? values.pid : null,
    deptSort: values.deptSort,
    enabled: values.enabled === 'true',
  };
  return id === undefined ? fields : { id, ...fields };
}
