import { describe, expect, it } from 'vitest';
import { isWellEncodedQuery, jsonDeeperThan, nonFiniteNumbers, unstorableText } from './input-boundary.ts';

describe('the input boundary', () => {
  it('measures JSON depth without parsing, ignoring brackets inside strings', () => {
    expect(jsonDeeperThan('[[[]]]', 3)).toBe(false);
    expect(jsonDeeperThan('[[[[]]]]', 3)).toBe(true);
    expect(jsonDeeperThan('{"a": "[[[[[[", "b": [1]}', 2)).toBe(false);
    expect(jsonDeeperThan('{"a": "\\"[[[[", "b": {"c": {"d": []}}}', 3)).toBe(true);
  });

  it('finds NUL and lone surrogates anywhere, naming their path', () => {
    expect(unstorableText({ name: 'ok', tags: ['fine', 'a\u0000b'], nested: { x: '\ud800' } })).toEqual([
      { field: 'tags.1', code: 'format', message: 'contains characters that are not text' },
      { field: 'nested.x', code: 'format', message: 'contains characters that are not text' },
    ]);
    expect(unstorableText({ emoji: '水😀' })).toEqual([]);
  });

  it('finds numbers that are not finite', () => {
    expect(
      nonFiniteNumbers({ page: Number.POSITIVE_INFINITY, ids: [1, Number.NEGATIVE_INFINITY] }).map((e) => e.field),
    ).toEqual(['page', 'ids.1']);
    expect(nonFiniteNumbers({ page: 2 })).toEqual([]);
  });

  it.each([
    ['name=%E6%B0%B4&page=1', true],
    ['a+b=c+d', true],
    ['name=%ED%A0%80', false],
    ['name=%FF', false],
    ['%C0%80=1', false],
  ])('tells whether %s is percent-encoded UTF-8', (query, expected) => {
    expect(isWellEncodedQuery(query)).toBe(expected);
  });
});
