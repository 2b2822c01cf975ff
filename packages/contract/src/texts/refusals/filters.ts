/** Refusals of filter stages and fitted filters (under `errors.filters`). */
export const filtersRefusals = {
  en: {
    filters: {
      onlyOnChange: 'Filters are fitted on a filter-change order only',
      stageTwice: 'Stage {{stage}} is named twice',
      notOfModel: 'The machine’s model has no {{stage}} stage',
    },
  },
  zh: {
    filters: {
      onlyOnChange: '只有换滤芯工单才能登记更换的滤芯',
      stageTwice: '滤芯级「{{stage}}」重复',
      notOfModel: '该设备的型号没有「{{stage}}」滤芯级',
    },
  },
};
