/** Refusals of the reports (under `errors.reports`). */
export const reportsRefusals = {
  en: {
    reports: {
      range: 'The range must run forward and span at most {{days}} days',
      fileFailed: 'The report file could not be made; try again.',
    },
  },
  zh: {
    reports: {
      range: '日期范围须从前到后，且不超过 {{days}} 天',
      fileFailed: '报表文件生成失败，请重试。',
    },
  },
};
