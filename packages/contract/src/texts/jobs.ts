/** Texts of the jobs page (merged into the locale files as `jobs`). */
export const jobsLocales = {
  en: {
    label: 'Jobs',
    name: 'Name',
    namePlaceholder: 'Job name',
    sort: 'Sort',
    status: 'Status',
    statuses: { true: 'Enabled', false: 'Disabled' },
    addTitle: 'Add job',
    editTitle: 'Edit job',
    deleteWarning: 'A job that users still hold cannot be deleted.',
  },
  zh: {
    label: '岗位列表',
    name: '名称',
    namePlaceholder: '岗位名称',
    sort: '排序',
    status: '状态',
    statuses: { true: '启用', false: '禁用' },
    addTitle: '新增岗位',
    editTitle: '编辑岗位',
    deleteWarning: '仍有用户担任的岗位不能删除。',
  },
};
