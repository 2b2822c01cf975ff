/** Refusals of parts and stock (under `errors.parts`). */
export const partsRefusals = {
  en: {
    parts: {
      short: '{{holder}} holds {{held}} of part {{code}}, fewer than the {{wanted}} asked for',
      sameHolder: 'A transfer moves parts to another holder',
      notTechnician: 'User {{id}} is not a technician: they hold no workorder:work permission',
      zeroChange: 'An adjustment changes the count: it must not be 0',
    },
  },
  zh: {
    parts: {
      short: '{{holder}} 只有配件 {{code}} {{held}} 个，少于所需的 {{wanted}} 个',
      sameHolder: '调拨须转到另一个持有方',
      notTechnician: '用户 {{id}} 不是技术员：没有 workorder:work 权限',
      zeroChange: '调整数量不能为 0',
    },
  },
};
