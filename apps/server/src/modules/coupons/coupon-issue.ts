import { type IssueType, TEMPLATE_STATE_MACHINE } from '@water/contract/coupons';
import { allows } from '@water/contract/state-machine';
import type { Database } from '../../db/client.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { HttpError } from '../../lib/http-errors.ts';
import type { TextRef } from '../../lib/texts.ts';
import { newCode } from './coupon-rules.ts';
import { type CouponRecord, couponsRepository as repo, type TemplateRecord } from './coupons.repository.ts';

/** Why a coupon was not issued: none left, the member holds enough, or the template does not issue. */
export class IssueRefused extends HttpError {
  constructor(
    readonly reason: 'NONE_LEFT' | 'LIMIT_REACHED' | 'NOT_ACTIVE',
    message: TextRef,
    status?: string,
  ) {
    super(
      409,
      message,
      reason === 'NOT_ACTIVE' ? 'STATE_CONFLICT' : 'RULE_VIOLATED',
      undefined,
      reason === 'NOT_ACTIVE' ? { state: status ?? 'ENDED', event: 'ISSUE' } : undefined,
    );
  }
}

const refusal = (key: string, values: Record<string, string | number>): TextRef => ({
  key: `errors.coupons.${key}`,
  values,
});

/**
 * Issues one coupon of a template to a member, within the template's total and the member's
 * limit (the template's row is locked while it counts, so two at once cannot pass either).
 */
export async function issueTo(
  tx: Database,
  now: Date,
  template: TemplateRecord,
  memberId: number,
  issueType: IssueType,
  by: string | null,
): Promise<CouponRecord> {
  if (template.validType === 'FIXED' && (template.validTo as Date) <= now) {
    throw new IssueRefused('NOT_ACTIVE', refusal('ended', { name: template.name }));
  }
  if (!(await repo.takeOne(tx, template.id))) {
    const current = await repo.template(tx, template.id);
    if (!current || !allows(TEMPLATE_STATE_MACHINE, current.status, 'ISSUE')) {
      const status = current?.status ?? 'gone';
      throw new IssueRefused('NOT_ACTIVE', refusal('notIssuing', { name: template.name, status }), current?.status);
    }
    throw new IssueRefused('NONE_LEFT', refusal('noneLeft', { name: template.name, total: template.total }));
  }
  if ((await repo.heldBy(tx, template.id, memberId)) >= template.perMember) {
    throw new IssueRefused('LIMIT_REACHED', refusal('heldAlready', { name: template.name, count: template.perMember }));
  }
  const validFrom = template.validType === 'FIXED' ? (template.validFrom as Date) : now;
  const validTo =
    template.validType === 'FIXED'
      ? (template.validTo as Date)
      : new Date(now.getTime() + (template.validDays ?? 1) * 86_400_000);
  for (let attempt = 0; ; attempt++) {
    try {
      return await tx.transaction((savepoint) =>
        repo.insertCoupon(savepoint, {
          templateId: template.id,
          memberId,
          agentId: template.agentId,
          code: newCode(),
          issueType,
          status: 'UNUSED',
          validFrom,
          validTo,
          createBy: by,
          createTime: now,
        }),
      );
    } catch (error) {
      if (!isUniqueViolation(error) || attempt >= 3) throw error;
    }
  }
}
