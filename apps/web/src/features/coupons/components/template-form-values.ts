import type {
  CouponScope,
  CouponTemplate,
  CouponTemplateCreateInput,
  CouponType,
  IssueType,
} from '@water/contract/coupons';
import dayjs, { type Dayjs } from 'dayjs';
import Decimal from 'decimal.js';

/** The form's values: money in yuan and water in litres as typed, the dates as picked. */
export interface TemplateFormValues {
  name: string;
  type: CouponType;
  /** Yuan off (AMOUNT_OFF), percent off (PERCENT_OFF) or litres free (FREE_LITRES). */
  value: string;
  minSpend?: string | null;
  maxDiscount?: string | null;
  scope: CouponScope;
  scopeIds?: number[];
  issueType: IssueType;
  claimCode?: string | null;
  total: number;
  perMember: number;
  validType: 'FIXED' | 'DAYS';
  validRange?: [Dayjs, Dayjs] | null;
  validDays?: number | null;
  fundedBy: 'PLATFORM' | 'AGENT';
  /** Null: the platform's coupon. */
  agentId?: number | null;
}

const WIRE = 'YYYY-MM-DD HH:mm:ss';
const toFen = (yuan: string) => new Decimal(yuan).times(100).toDecimalPlaces(0, Decimal.ROUND_HALF_UP).toNumber();
const toYuan = (fen: number) => new Decimal(fen).dividedBy(100).toFixed(2);
const present = (text: string | null | undefined): text is string => text !== null && text !== undefined && text !== '';

export const newTemplate = (): Partial<TemplateFormValues> => ({
  type: 'AMOUNT_OFF',
  scope: 'ALL',
  issueType: 'PUSH',
  total: 0,
  perMember: 1,
  validType: 'DAYS',
  validDays: 30,
  fundedBy: 'PLATFORM',
  agentId: null,
});

/** A template's stored value as the form shows it (fen → yuan, ml → litres). */
export function displayValue(type: CouponType, value: number): string {
  if (type === 'AMOUNT_OFF') return toYuan(value);
  if (type === 'FREE_LITRES') return new Decimal(value).dividedBy(1000).toString();
  return String(value);
}

export function toTemplateFormValues(template: CouponTemplate): TemplateFormValues {
  return {
    name: template.name,
    type: template.type,
    value: displayValue(template.type, template.value),
    minSpend: template.minSpend > 0 ? toYuan(template.minSpend) : null,
    maxDiscount: template.maxDiscount === null ? null : toYuan(template.maxDiscount),
    scope: template.scope,
    scopeIds: template.scopeIds,
    issueType: template.issueType,
    claimCode: template.claimCode,
    total: template.total,
    perMember: template.perMember,
    validType: template.validType,
    validRange: template.validFrom && template.validTo ? [dayjs(template.validFrom), dayjs(template.validTo)] : null,
    validDays: template.validDays,
    fundedBy: template.fundedBy,
    agentId: template.agentId,
  };
}

/** What the server takes: fen, whole percent, ml, `yyyy-MM-dd HH:mm:ss`. */
export function toTemplateInput(values: TemplateFormValues): Omit<CouponTemplateCreateInput, 'id'> {
  const value =
    values.type === 'AMOUNT_OFF'
      ? toFen(values.value)
      : values.type === 'FREE_LITRES'
        ? new Decimal(values.value).times(1000).toDecimalPlaces(0, Decimal.ROUND_HALF_UP).toNumber()
        : Number(values.value);
  const fixed = values.validType === 'FIXED';
  return {
    name: values.name.trim(),
    type: values.type,
    value,
    minSpend: present(values.minSpend) ? toFen(values.minSpend) : 0,
    maxDiscount: values.type !== 'AMOUNT_OFF' && present(values.maxDiscount) ? toFen(values.maxDiscount) : null,
    scope: values.scope,
    scopeIds: values.scope === 'ALL' ? [] : (values.scopeIds ?? []),
    issueType: values.issueType,
    claimCode: values.issueType === 'CODE' ? (values.claimCode?.trim().toUpperCase() ?? null) : null,
    total: values.total,
    perMember: values.perMember,
    validType: values.validType,
    validFrom: fixed && values.validRange ? values.validRange[0].format(WIRE) : null,
    validTo: fixed && values.validRange ? values.validRange[1].format(WIRE) : null,
    validDays: fixed ? null : (values.validDays ?? null),
    fundedBy: values.fundedBy,
    agentId: values.agentId ?? null,
  };
}

/** Mobile numbers as staff paste them: one per line, or separated by commas, semicolons or spaces. */
export function parsePhones(text: string | undefined): string[] {
  return [...new Set((text ?? '').split(/[\s,;，；]+/).filter(Boolean))];
}
