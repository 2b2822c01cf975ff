import { HttpError, invalidField } from '../../lib/http-errors.ts';
import type { TextRef } from '../../lib/texts.ts';

/**
 * The refusals the machines' side of selling gives in English only (it speaks to machines), as a
 * consumer reads them on the page: in the language asked for, with the same status and code.
 */
const PAGE_TEXTS: Partial<Record<string, (error: HttpError) => HttpError>> = {
  COUPON_UNUSABLE: () => invalidField('couponId', { key: 'errors.consumers.couponUnusable' }),
  CARD_REFUSED: (error) => new HttpError(error.statusCode, text('cardRefused'), 'CARD_REFUSED'),
  CARD_LIMIT: (error) => new HttpError(error.statusCode, text('cardLimit'), 'CARD_LIMIT'),
  CARD_BALANCE: (error) => new HttpError(error.statusCode, text('cardBalance'), 'CARD_BALANCE'),
  RULE_VIOLATED: (error) =>
    error.text
      ? error
      : new HttpError(
          409,
          { key: 'errors.consumers.notSelling', values: { reason: text('notSellingReasons.NO_PRICE') } },
          'MACHINE_NOT_SELLING',
        ),
  MACHINE_UNAVAILABLE: () =>
    new HttpError(
      409,
      { key: 'errors.consumers.notSelling', values: { reason: text('notSellingReasons.NOT_OPERATING') } },
      'MACHINE_NOT_SELLING',
    ),
};

function text(key: string): TextRef {
  return { key: `errors.consumers.${key}` };
}

/** Runs a step of the page's buying, its English-only refusals said in the page's terms. */
export async function inPageTerms<T>(step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (error) {
    if (!(error instanceof HttpError) || error.text) throw error;
    const translate = PAGE_TEXTS[error.code];
    throw translate ? translate(error) : error;
  }
}
