import type { Site, SiteCreateInput, SiteUpdateInput } from '@water/contract/sites';

/** What the site form holds: the fee as yuan a month or percent, as staff think of it. */
export interface SiteFormValues {
  agentId?: number;
  name: string;
  type?: string;
  province: string;
  city: string;
  district: string;
  address: string;
  longitude?: string | null;
  latitude?: string | null;
  ownerName: string;
  ownerPhone: string;
  feeType: 'RENT' | 'SHARE';
  /** Yuan a month for a rent, percent for a share. */
  fee?: string;
  status: 'ACTIVE' | 'CLOSED';
}

export const NEW_SITE: SiteFormValues = {
  name: '',
  province: '',
  city: '',
  district: '',
  address: '',
  ownerName: '',
  ownerPhone: '',
  feeType: 'RENT',
  fee: '0',
  status: 'ACTIVE',
};

/** Fen, or hundredths of a percent, as the decimal staff type: 12.5 → 1250. Exact, no float. */
export function toHundredths(text: string | undefined): number {
  const [whole = '0', fraction = ''] = (text ?? '0').trim().split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0').slice(0, 2));
}

/** 1250 → "12.5", 30000 → "300". */
export function fromHundredths(value: number): string {
  const whole = Math.trunc(value / 100);
  const rest = value % 100;
  return rest === 0 ? String(whole) : `${whole}.${String(rest).padStart(2, '0').replace(/0$/, '')}`;
}

export function toSiteFormValues(site: Site): SiteFormValues {
  return {
    agentId: site.agentId,
    name: site.name,
    type: site.type,
    province: site.province ?? '',
    city: site.city ?? '',
    district: site.district ?? '',
    address: site.address,
    longitude: site.longitude,
    latitude: site.latitude,
    ownerName: site.ownerName ?? '',
    ownerPhone: site.ownerPhone ?? '',
    feeType: site.feeType,
    fee: fromHundredths(site.feeValue),
    status: site.status,
  };
}

const blank = (value: string) => value.trim() || null;

export function toSiteInput(values: SiteFormValues): SiteCreateInput;
export function toSiteInput(values: SiteFormValues, id: number): SiteUpdateInput;
export function toSiteInput(values: SiteFormValues, id?: number): SiteCreateInput | SiteUpdateInput {
  const fields = {
    name: values.name.trim(),
    type: values.type as string,
    province: blank(values.province),
    city: blank(values.city),
    district: blank(values.district),
    address: values.address.trim(),
    longitude: values.longitude ? String(values.longitude) : null,
    latitude: values.latitude ? String(values.latitude) : null,
    ownerName: blank(values.ownerName),
    ownerPhone: blank(values.ownerPhone),
    feeType: values.feeType,
    feeValue: toHundredths(values.fee),
    status: values.status,
  };
  return id === undefined ? { agentId: values.agentId as number, ...fields } : { id, ...fields };
}
