import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error.ts';
import { applyFieldErrors, type FieldPath, fieldErrorOf } from './field-errors.ts';

describe('fieldErrorOf', () => {
  it('reads the field and the text of a server validation message', () => {
    expect(fieldErrorOf(new ApiError(400, 'phone: must be 11 digits starting with 1'))).toEqual({
      name: ['phone'],
      message: 'Must be 11 digits starting with 1',
    });
    expect(fieldErrorOf(new ApiError(400, 'dept.id: is required'))).toEqual({
      name: ['dept', 'id'],
      message: 'Is required',
    });
    expect(fieldErrorOf(new ApiError(400, 'jobs.0.id: must be integer'))?.name).toEqual(['jobs', 0, 'id']);
  });

  it('ignores messages that name no field, other statuses and other errors', () => {
    expect(fieldErrorOf(new ApiError(400, 'Captcha is wrong'))).toBeUndefined();
    expect(fieldErrorOf(new ApiError(400, 'body: must be object'))).toBeUndefined();
    expect(fieldErrorOf(new ApiError(409, 'username: already exists'))).toBeUndefined();
    expect(fieldErrorOf(new Error('phone: bad'))).toBeUndefined();
  });
});

describe('applyFieldErrors', () => {
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

  it('puts the message on the named field', () => {
    const form = fakeForm(['phone', 'email']);
    expect(applyFieldErrors(form, new ApiError(400, 'phone: must be 11 digits starting with 1'))).toBe(true);
    expect(form.errors.get('phone')).toEqual(['Must be 11 digits starting with 1']);
  });

  it('reports false when the form has no such field or the error names none', () => {
    expect(applyFieldErrors(fakeForm(['email']), new ApiError(400, 'phone: bad'))).toBe(false);
    expect(applyFieldErrors(fakeForm(['phone']), new ApiError(500, 'Internal server error'))).toBe(false);
  });
});
