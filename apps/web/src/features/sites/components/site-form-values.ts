import { asFen } from '@water/contract/money';
import type { Site, SiteCreateInput, SiteUpdateInput } from '@water/contract/sites';
import { formatUnits } from '@/lib/format/fixed-point.ts';
import { fenToYuan, yuanToFen } from '@/lib/format/money.ts';

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

/** A share, kept in hundredths of a percent, as staff read it: 1250 → "12.5", 3000 → "30". */
export function sharePercent(hundredths: number): string {
  return formatUnits(hundredths, 2, { trimZeros: true });
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
    // A share is kept in hundredths of a percent: the scale of fen, so the money conversion serves both.
    fee: fenToYuan(asFen(site.feeValue)),
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
    feeValue: yuanToFen(values.fee) ?? 0,
    status: values.status,
  };
  return id === undefined ? { agentId: values.agentId as number, ...fields } : { id, ...fields };
}
