import { describe, expect, it } from 'vitest';
import { TEXT_CATALOG } from './catalog.ts';

/** Every text of a group by its key, plural forms (`held_one`, `held_other`) under their common key. */
function textsOf(node: unknown, prefix = ''): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const [name, value] of Object.entries(node as Record<string, unknown>)) {
    const key = `${prefix}${name}`;
    if (typeof value === 'string') {
      const common = key.replace(/_(zero|one|two|few|many|other)$/, '');
      found.set(common, [...(found.get(common) ?? []), value]);
    } else {
      for (const [inner, texts] of textsOf(value, `${key}.`)) found.set(inner, texts);
    }
  }
  return found;
}

const placeholders = (texts: readonly string[]) =>
  [...new Set(texts.flatMap((text) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1])))].sort();

describe('the texts the server writes', () => {
  it('say the same things in English and Chinese: the same keys, each with the same values put in', () => {
    const english = textsOf(TEXT_CATALOG.en);
    const chinese = textsOf(TEXT_CATALOG.zh);
    expect([...chinese.keys()].sort()).toEqual([...english.keys()].sort());
    const differing = [...english].filter(
      ([key, texts]) => placeholders(texts).join() !== placeholders(chinese.get(key) ?? []).join(),
    );
    expect(differing.map(([key]) => key)).toEqual([]);
  });

  it('write the refusals and mails in Chinese: every one that has words has Chinese ones', () => {
    const untranslated = [...textsOf(TEXT_CATALOG.zh)].filter(
      ([key, texts]) =>
        /^(errors|mails)\./.test(key) &&
        texts.some((text) => /[A-Za-z]/.test(text.replace(/\{\{\w+\}\}/g, '')) && !/[\u4e00-\u9fff]/.test(text)),
    );
    expect(untranslated.map(([key]) => key)).toEqual([]);
  });
});
