/** Texts of the jobs drawer: the caller's background tasks (as `tasks`). */
export const tasksLocales = {
  en: {
    object: 'task',
    title: 'Background jobs',
    open: 'Background jobs',
    empty: 'No background jobs yet',
    kinds: {
      'orders-export': 'Orders export',
      'notification-delivery': 'Notification delivery',
      statements: 'Agent statements',
    },
    states: { QUEUED: 'Queued', RUNNING: 'Running', DONE: 'Done', FAILED: 'Failed' },
    attempts: 'Attempt {{count}}',
    download: 'Download',
    retry: 'Retry',
    retried: 'Queued again',
    started: 'Started {{time}}',
    finished: 'Finished {{time}}',
  },
  zh: {
    object: '后台任务',
    title: '后台任务',
    open: '后台任务',
    empty: '暂无后台任务',
    kinds: {
      'orders-export': '订单导出',
      'notification-delivery': '通知发送',
      statements: '代理商对账单',
    },
    states: { QUEUED: '排队中', RUNNING: '进行中', DONE: '已完成', FAILED: '失败' },
    attempts: '第 {{count}} 次尝试',
    download: '下载',
    retry: '重试',
    retried: '已重新排队',
    started: '开始于 {{time}}',
    finished: '完成于 {{time}}',
  },
} as const;
