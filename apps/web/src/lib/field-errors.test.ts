// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { ApiError, type ApiFieldError } from './api-error.ts';
import { applyFieldErrors, type FieldPath, fieldErrorText, fieldPathOf } from './field-errors.ts';
import { i18n } from './i18n.ts';
import '@/test/console-texts.ts';

function refused(...fieldErrors: ApiFieldError[]): ApiError {
  const first = fieldErrors[0];
  return new ApiError(400, first ? `${first.field}: ${first.message}` : 'Bad request', 'http', {
    code: 'VALIDATION_FAILED',
    fieldErrors,
  });
}

function fakeForm(fields: string[]) {
  const errors = new Map<string, string[]>();
  return {
    errors,
    setFields: (list: { name: FieldPath; errors: string[] }[]) => {
      for (const item of list) if (fields.includes(item.name.join('.'))) errors.set(item.name.join('.'), item.errors);
    },
    getFieldError: (name: FieldPath) => errors.get(name.join('.')) ?? [],
  };
}

describe('fieldPathOf', () => {
  it('turns a server field path into a form name path, renaming what the form holds elsewhere', () => {
    expect(fieldPathOf('dept.id')).toEqual(['dept', 'id']);
    expect(fieldPathOf('jobs.0.id')).toEqual(['jobs', 0, 'id']);
    expect(fieldPathOf('depts.2.id', { depts: 'deptIds' })).toEqual(['deptIds']);
    expect(fieldPathOf('depts', { depts: 'deptIds' })).toEqual(['deptIds']);
  });
});

describe('fieldErrorText', () => {
  it('says the bound of a money field as money, not as fen, in both languages', async () => {
    const tooMuch: ApiFieldError = {
      field: 'amount',
      code: 'too_large',
      message: 'at most 0.20 yuan is left to refund',
      params: { limit: 20 },
    };
    await i18n.changeLanguage('en');
    expect(fieldErrorText(tooMuch, i18n.t, { fields: ['amount'], language: 'en' })).toBe(
      i18n.t('fieldErrors.tooLarge', { limit: 'CN¥0.20' }),
    );
    expect(fieldErrorText(tooMuch, i18n.t, { fields: ['amount'], language: 'en' })).toContain('CN¥0.20');
    expect(fieldErrorText(tooMuch, i18n.t)).not.toContain('¥');
    await i18n.changeLanguage('zh-CN');
    expect(fieldErrorText(tooMuch, i18n.t, { fields: ['amount'], language: 'zh-CN' })).toContain('¥0.20');
    await i18n.changeLanguage('en');
  });

  it("says each code in the console's language, with the bound where there is one", async () => {
    await i18n.changeLanguage('en');
    const tooLong: ApiFieldError = { field: 'name', code: 'too_long', message: 'must be short', params: { limit: 20 } };
    expect(fieldErrorText(tooLong, i18n.t)).toBe('At most 20 characters');
    expect(fieldErrorText({ field: 'username', code: 'taken', message: 'is taken' }, i18n.t)).toBe('Already in use');
    await i18n.changeLanguage('zh-CN');
    expect(fieldErrorText(tooLong, i18n.t)).toBe('最多 20 个字符');
    expect(fieldErrorText({ field: 'username', code: 'taken', message: 'is taken' }, i18n.t)).toBe('已被使用');
    await i18n.changeLanguage('en');
  });

  it("falls back to the server's message, as a sentence, for invalid or a bound it was not given", () => {
    const odd: ApiFieldError = { field: 'phone', code: 'invalid', message: 'must be 11 digits starting with 1' };
    expect(fieldErrorText(odd, i18n.t)).toBe('Must be 11 digits starting with 1');
    expect(fieldErrorText({ field: 'name', code: 'too_long', message: 'is too long' }, i18n.t)).toBe('Is too long');
    const newer = { field: 'name', code: 'constructor', message: 'must not rhyme' } as unknown as ApiFieldError;
    expect(fieldErrorText(newer, i18n.t)).toBe('Must not rhyme');
  });
});

describe('applyFieldErrors', () => {
  it('puts every field error under its field at once, by field and code', () => {
    const form = fakeForm(['name', 'phone', 'dept.id']);
    const unshown = applyFieldErrors(
      form,
      refused(
        { field: 'name', code: 'required', message: 'is required' },
        { field: 'phone', code: 'format', message: 'must be 11 digits' },
        { field: 'dept.id', code: 'unknown_reference', message: 'does not exist' },
      ),
      i18n.t,
    );
    expect(unshown).toEqual([]);
    expect(Object.fromEntries(form.errors)).toEqual({
      name: ['Required'],
      phone: ['Not in the expected form'],
      'dept.id': ['Does not exist or is not available to you'],
    });
  });

  it('never reads the message: a message naming a field but no field error shows nothing', () => {
    const form = fakeForm(['phone']);
    expect(applyFieldErrors(form, new ApiError(400, 'phone: must be 11 digits'), i18n.t)).toEqual([]);
    expect(form.errors.size).toBe(0);
  });

  it('shows a renamed server field under the form field that holds it', () => {
    const form = fakeForm(['deptIds']);
    applyFieldErrors(
      form,
      refused({ field: 'depts.0.id', code: 'unknown_reference', message: 'does not exist' }),
      i18n.t,
      { depts: 'deptIds' },
    );
    expect(form.errors.get('deptIds')).toEqual(['Does not exist or is not available to you']);
  });

  it('hands back the field errors the form has no field for', () => {
    const hidden = { field: 'dict.id', code: 'unknown_reference', message: 'does not exist' } as const;
    const unshown = applyFieldErrors(
      fakeForm(['label']),
      refused({ field: 'label', code: 'taken', message: 'is taken' }, hidden),
      i18n.t,
    );
    expect(unshown).toEqual([hidden]);
  });
});
