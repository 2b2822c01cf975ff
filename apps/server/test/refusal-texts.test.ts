import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { TEXT_CATALOG, textAt } from '@water/contract/texts/catalog';
import { describe, expect, it } from 'vitest';

const SOURCE = path.resolve(import.meta.dirname, '../src');

/** The server's source files (tests aside), by their path under src/. */
function sources(dir = SOURCE): { file: string; text: string }[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    if (!entry.name.endsWith('.ts') || entry.name.endsWith('.test.ts')) return [];
    return [{ file: path.relative(SOURCE, full), text: readFileSync(full, 'utf8') }];
  });
}

/**
 * What only machines and payment channels call: their refusals are read by programs and by
 * whoever installs a machine, in English.
 */
const MACHINE_FACING = [
  'modules/gateway/',
  'modules/orders/order-gateway.service.ts',
  'modules/orders/order-dispensing.ts',
  'modules/orders/order-pricing.ts',
  'modules/orders/machine-times.ts',
  'modules/coupons/coupon-dto.ts',
  'modules/cards/card-payments.ts',
];
/** Refusals of the gateway's coupon calls, which share their service with the console's. */
const GATEWAY_REFUSALS = ['name the member by phone or openid', 'give either the coupon’s template id or its code'];

const REFUSAL_WITH_SENTENCE = [
  /\b(badRequest|forbidden|notFound|stateConflict|tooManyRequests|unauthorized)\(\s*['"`]([^'"`]*)/g,
  /\b(invalidField|forbiddenField|fieldRefusal)\(\s*[\w.'`${}?: ]+,\s*['"`]([^'"`]*)/g,
  /\bnew HttpError\(\s*\d+,\s*['"`]([^'"`]*)/g,
];

/** A text of the catalog in a language, or its plural forms. */
const exists = (texts: object, key: string) =>
  typeof textAt(texts, key) === 'string' || typeof textAt(texts, `${key}_other`) === 'string';

describe('the refusals a console user can meet', () => {
  it('are texts of the console’s catalog, never sentences written in English only', () => {
    const written = sources()
      .filter(({ file }) => file.startsWith('modules/') && !MACHINE_FACING.some((prefix) => file.startsWith(prefix)))
      .flatMap(({ file, text }) =>
        REFUSAL_WITH_SENTENCE.flatMap((pattern) =>
          [...text.matchAll(pattern)]
            .map((match) => match.at(-1) ?? '')
            .filter((sentence) => !GATEWAY_REFUSALS.some((allowed) => sentence.startsWith(allowed)))
            .map((sentence) => `${file}: ${sentence}`),
        ),
      );
    expect(written).toEqual([]);
  });

  it('name texts that exist in English and in Chinese', () => {
    const missing = sources().flatMap(({ file, text }) =>
      [...text.matchAll(/\bkey: '((?:errors|mails|machines|alarms)\.[\w.]+)'/g)]
        .map((match) => match[1] as string)
        .filter((key) => !exists(TEXT_CATALOG.en, key) || !exists(TEXT_CATALOG.zh, key))
        .map((key) => `${file}: ${key}`),
    );
    expect(missing).toEqual([]);
  });
});
