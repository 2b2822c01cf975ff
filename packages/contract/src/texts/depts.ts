/** Texts of the departments page (merged into the locale files as `depts`). */
export const deptsLocales = {
  en: {
    label: 'Departments',
    name: 'Name',
    namePlaceholder: 'Department name',
    parent: 'Parent department',
    topLevel: 'Top level (no parent)',
    sort: 'Sort',
    status: 'Status',
    addTitle: 'Add department',
    editTitle: 'Edit department',
    addChild: 'Add below',
    deleteWarning: 'Every department below it is deleted too. Departments that still have users cannot be deleted.',
  },
  zh: {
    label: '部门列表',
    name: '名称',
    namePlaceholder: '部门名称',
    parent: '上级部门',
    topLevel: '顶级部门（无上级）',
    sort: '排序',
    status: '状态',
    addTitle: '新增部门',
    editTitle: '编辑部门',
    addChild: '新增下级',
    deleteWarning: '其下所有部门将一并删除。仍有用户的部门不能删除。',
  },
};
