import Type, { type Static } from 'typebox';
import { AbsentId, DateTime, Id, nullable, OneOf, PageQuery } from './common.ts';
import { listColumns } from './list-columns.ts';
import { FenField } from './money.ts';
import { PeriodFigureFields, periodFigureColumns } from './sales-figures.ts';

/** The permissions of the sites page. */
export const SITE_PERMISSIONS = {
  list: 'site:list',
  add: 'site:add',
  edit: 'site:edit',
  del: 'site:del',
} as const;

/** The dictionary whose values name a site's type (residential compound, school, …). */
export const SITE_TYPE_DICT = 'site_type';

export const SITE_FEE_TYPES = ['RENT', 'SHARE'] as const;
export const SITE_STATUSES = ['ACTIVE', 'CLOSED'] as const;

export const Site = Type.Object({
  id: Type.Integer(),
  agentId: Type.Integer(),
  agentName: Type.String(),
  name: Type.String(),
  type: Type.String({ description: `a value of the ${SITE_TYPE_DICT} dictionary` }),
  province: Type.Union([Type.String(), Type.Null()]),
  city: Type.Union([Type.String(), Type.Null()]),
  district: Type.Union([Type.String(), Type.Null()]),
  address: Type.String(),
  longitude: Type.Union([Type.String(), Type.Null()]),
  latitude: Type.Union([Type.String(), Type.Null()]),
  ownerName: Type.Union([Type.String(), Type.Null()]),
  ownerPhone: Type.Union([Type.String(), Type.Null()]),
  /** `RENT`: `feeValue` fen a month; `SHARE`: `feeValue` hundredths of a percent of revenue. */
  feeType: OneOf(SITE_FEE_TYPES),
  feeValue: Type.Integer(),
  /** The fee in its unit: `RENT`, fen a month (else null). */
  rentFen: Type.Union([FenField({ description: 'fen a month' }), Type.Null()]),
  /** The fee in its unit: `SHARE`, a percent of revenue with two decimals, `"12.50"` (else null). */
  sharePercent: Type.Union([Type.String(), Type.Null()]),
  status: OneOf(SITE_STATUSES),
  contractStart: Type.Union([Type.String(), Type.Null()]),
  contractEnd: Type.Union([Type.String(), Type.Null()]),
  /** Machines installed there now. */
  machines: Type.Integer(),
  /** Sales there today, this week and this month. */
  ...PeriodFigureFields,
  createTime: Type.Union([DateTime, Type.Null()]),
});
export type Site = Static<typeof Site>;

/** The sites' list, on the page and in its Excel file. */
export const SITE_COLUMNS = listColumns<Site>()({
  name: { field: 'name', title: 'sites.name', sortable: true, width: 180 },
  /** A value of the site_type dictionary; the page shows it beneath the site's name. */
  type: { field: 'type', title: 'sites.type', fileOnly: true },
  agent: { field: 'agentName', title: 'sites.agent', width: 140 },
  province: { field: 'province', title: 'sites.province', fileOnly: true },
  city: { field: 'city', title: 'sites.city', fileOnly: true },
  district: { field: 'district', title: 'sites.district', fileOnly: true },
  /** The page shows the city and district with the address. */
  place: { field: 'address', title: 'sites.place', width: 200 },
  /** Rent or share; the page shows the amount with it. */
  fee: { field: 'feeType', title: 'sites.fee', kind: 'enum', labels: 'sites.feeTypes', width: 140 },
  rent: { field: 'rentFen', title: 'sites.monthlyRent', kind: 'money', fileOnly: true },
  share: { field: 'sharePercent', title: 'sites.revenueShare', kind: 'percent', fileOnly: true },
  machines: { field: 'machines', title: 'sites.machines', width: 90 },
  ...periodFigureColumns<Site>(),
  status: {
    field: 'status',
    title: 'sites.status',
    kind: 'enum',
    labels: 'sites.statuses',
    sortable: true,
    width: 100,
  },
  owner: { field: 'ownerName', title: 'sites.ownerName', hidden: true, width: 140 },
  ownerPhone: { field: 'ownerPhone', title: 'sites.ownerPhone', fileOnly: true },
  createTime: { field: 'createTime', title: 'list.createTime', sortable: true, hidden: true, width: 170 },
});

export const SiteQuery = Type.Object({
  ...PageQuery.properties,
  blurry: Type.Optional(Type.String({ maxLength: 255, description: 'part of the name, address or owner' })),
  agentId: Type.Optional(Id()),
  type: Type.Optional(Type.String({ maxLength: 32 })),
  status: Type.Optional(OneOf(SITE_STATUSES)),
});
export type SiteQuery = Static<typeof SiteQuery>;

const day = () =>
  Type.Optional(nullable<string>('string', { pattern: '^\\d{4}-\\d{2}-\\d{2}$', errorMessage: 'must be yyyy-MM-dd' }));
const text = (maxLength: number) => Type.Optional(nullable<string>('string', { maxLength }));

const siteFields = {
  name: Type.String({ minLength: 1, maxLength: 255 }),
  type: Type.String({ minLength: 1, maxLength: 32 }),
  province: text(64),
  city: text(64),
  district: text(64),
  address: Type.String({ minLength: 1, maxLength: 255 }),
  longitude: Type.Optional(
    nullable<string>('string', {
      pattern: '^-?(180(\\.0{1,6})?|(1[0-7]\\d|\\d{1,2})(\\.\\d{1,6})?)$',
      errorMessage: 'must be a longitude from -180 to 180 with at most six decimals',
    }),
  ),
  latitude: Type.Optional(
    nullable<string>('string', {
      pattern: '^-?(90(\\.0{1,6})?|\\d{1,2}(\\.\\d{1,6})?)$',
      errorMessage: 'must be a latitude from -90 to 90 with at most six decimals',
    }),
  ),
  ownerName: text(64),
  ownerPhone: Type.Optional(
    nullable<string>('string', {
      pattern: '^\\+?[0-9][0-9 -]{4,30}$',
      errorMessage: 'must be a phone number (digits, spaces, -)',
    }),
  ),
  feeType: OneOf(SITE_FEE_TYPES),
  feeValue: Type.Integer({ minimum: 0, maximum: 100_000_000 }),
  status: Type.Optional(OneOf(SITE_STATUSES)),
  contractStart: day(),
  contractEnd: day(),
};

export const SiteCreateInput = Type.Object({ id: AbsentId, agentId: Id(), ...siteFields });
export type SiteCreateInput = Static<typeof SiteCreateInput>;

/** The agent stays: a site moves with its machines, by transferring them. */
export const SiteUpdateInput = Type.Object({ id: Id(), ...siteFields });
export type SiteUpdateInput = Static<typeof SiteUpdateInput>;
