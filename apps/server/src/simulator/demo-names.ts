/** The languages the demo business can be named in: the console's two. */
export type DemoLanguage = 'en' | 'zh';

interface DemoSiteNames {
  name: string;
  province: string;
  city: string;
  district: string;
  address: string;
}

/** What the demo business calls its people, agents, sites, model, prices and coupons. */
export interface DemoNames {
  /** The demo user `test`'s name. */
  demoUser: string;
  contactName: string;
  province: string;
  city: string;
  /** Lakeside Gardens and Tongji Middle School (the province's), West Lake and Binjiang (the city's). */
  sites: readonly [DemoSiteNames, DemoSiteNames, DemoSiteNames, DemoSiteNames];
  model: string;
  policy: string;
  welcomeCoupon: string;
  regularsCoupon: string;
}

/**
 * The demo business in each language, chosen once, at the first start (DEMO_LANGUAGE, or the
 * machine's locale): what staff would have typed, so it is stored as written.
 */
export const DEMO_NAMES: Record<DemoLanguage, DemoNames> = {
  en: {
    demoUser: 'Test user',
    contactName: 'Chen Jing',
    province: 'East China Water',
    city: 'Hangzhou Pure Water',
    sites: [
      {
        name: 'Lakeside Gardens',
        province: 'Shanghai',
        city: 'Shanghai',
        district: 'Pudong',
        address: '88 Lakeside Road',
      },
      {
        name: 'Tongji Middle School',
        province: 'Shanghai',
        city: 'Shanghai',
        district: 'Yangpu',
        address: '12 Siping Road',
      },
      {
        name: 'West Lake Residences',
        province: 'Zhejiang',
        city: 'Hangzhou',
        district: 'Xihu',
        address: '5 Shuguang Road',
      },
      {
        name: 'Binjiang Tech Park',
        province: 'Zhejiang',
        city: 'Hangzhou',
        district: 'Binjiang',
        address: '399 Wangshang Road',
      },
    ],
    model: 'Reverse osmosis 400G',
    policy: 'Standard prices',
    welcomeCoupon: 'Welcome: 1 yuan off',
    regularsCoupon: 'Regulars: 20 % off',
  },
  zh: {
    demoUser: '测试用户',
    contactName: '陈静',
    province: '华东净水',
    city: '杭州纯净水',
    sites: [
      { name: '湖畔花园', province: '上海市', city: '上海市', district: '浦东新区', address: '湖畔路 88 号' },
      { name: '同济中学', province: '上海市', city: '上海市', district: '杨浦区', address: '四平路 12 号' },
      { name: '西湖公寓', province: '浙江省', city: '杭州市', district: '西湖区', address: '曙光路 5 号' },
      { name: '滨江科技园', province: '浙江省', city: '杭州市', district: '滨江区', address: '网商路 399 号' },
    ],
    model: '反渗透 400G',
    policy: '标准价格',
    welcomeCoupon: '新客立减 1 元',
    regularsCoupon: '老客 8 折',
  },
};
