/** Refusals of work orders and technicians' regions (under `errors.workOrders`), and of the SLA report (`errors.sla`). */
export const workOrdersRefusals = {
  en: {
    workOrders: {
      oneOpen: 'Machine {{serialNo}} already has an open {{type}} order ({{id}})',
      notTechnician: 'User {{id}} cannot work orders: they hold no workorder:work permission',
      notYours: 'Work order {{id}} is assigned to another technician',
      reopenWindow: 'Work order {{id}} was done more than {{days}} days ago: it cannot be reopened',
      tdsAfterRequired: 'A filter change needs the TDS after the change',
      unknownCheck: '“{{check}}” is not on the check-list of this type',
      unknownPhoto: 'Photo {{name}} was not uploaded to this order',
      photoNotImage: 'A photo must be a png, jpeg or gif image',
      regionBoth: 'A region is an agent or a set of sites, not both',
      tooManyPhotos: 'An order keeps at most {{max}} photos',
    },
    sla: {
      day: 'Not a day of the calendar (yyyy-MM-dd)',
      range: 'The range must run forward and span at most {{days}} days',
      hours: 'Business hours must end at another time than they start',
      days: 'Business hours need at least one day of the week',
    },
  },
  zh: {
    workOrders: {
      oneOpen: '设备 {{serialNo}} 已有未完成的{{type}}工单（{{id}}）',
      notTechnician: '用户 {{id}} 不能处理工单：没有 workorder:work 权限',
      notYours: '工单 {{id}} 已派给其他技术员',
      reopenWindow: '工单 {{id}} 完成已超过 {{days}} 天，不能重新打开',
      tdsAfterRequired: '换滤芯需要填写更换后的 TDS',
      unknownCheck: '「{{check}}」不在该类型的检查项中',
      unknownPhoto: '照片 {{name}} 不是本工单上传的',
      photoNotImage: '照片必须是 png、jpeg 或 gif 图片',
      regionBoth: '区域为一个代理商或一组点位，不能同时设置',
      tooManyPhotos: '每个工单最多保留 {{max}} 张照片',
    },
    sla: {
      day: '不是有效日期（yyyy-MM-dd）',
      range: '结束日期不能早于开始日期，且范围最多 {{days}} 天',
      hours: '工作时间的结束时间不能与开始时间相同',
      days: '工作时间至少包含一天',
    },
  },
};
