import type {
  CouponScope,
  CouponTemplate,
  CouponTemplateCreateInput,
  CouponType,
  IssueType,
} from '@water/contract/coupons';
import { asFen } from '@water/contract/money';
import dayjs, { type Dayjs } from 'dayjs';
import { formatUnits, parseUnits } from '@/lib/format/fixed-point.ts';
import { fenToYuan, yuanToFen } from '@/lib/format/money.ts';

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
  if (type === 'AMOUNT_OFF') return fenToYuan(asFen(value));
  if (type === 'FREE_LITRES') return formatUnits(value, 3, { trimZeros: true });
  return String(value);
}

export function toTemplateFormValues(template: CouponTemplate): TemplateFormValues {
  return {
    name: template.name,
    type: template.type,
    value: displayValue(template.type, template.value),
    minSpend: template.minSpend > 0 ? fenToYuan(template.minSpend) : null,
    maxDiscount: template.maxDiscount === null ? null : fenToYuan(template.maxDiscount),
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
  // The form requires the value: it is never left out.
  const value =
    values.type === 'AMOUNT_OFF'
      ? (yuanToFen(values.value) as number)
      : values.type === 'FREE_LITRES'
        ? (parseUnits(values.value, 3) as number)
        : Number(values.value);
  const fixed = values.validType === 'FIXED';
  return {
    name: values.name.trim(),
    type: values.type,
    value,
    minSpend: yuanToFen(values.minSpend) ?? asFen(0),
    maxDiscount: values.type === 'AMOUNT_OFF' ? null : yuanToFen(values.maxDiscount),
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
