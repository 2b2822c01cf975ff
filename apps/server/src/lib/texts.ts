import { TEXT_CATALOG } from '@water/contract/texts/catalog';
import i18next, { type TFunction } from 'i18next';

/** The languages the server writes in: the console's two. */
export type Language = 'en' | 'zh';

const texts = i18next.createInstance();
void texts.init({
  resources: { en: { translation: TEXT_CATALOG.en }, zh: { translation: TEXT_CATALOG.zh } },
  fallbackLng: 'en',
  initAsync: false,
  interpolation: { escapeValue: false },
});

/** A text by its key, with values that may be texts themselves (an object's name, a state's label). */
export interface TextRef {
  key: string;
  values?: Readonly<Record<string, string | number | TextRef>>;
}

/** A text in a language, its values put in (texts among them in the same language). */
export function render(language: Language, ref: TextRef): string {
  const t = textsIn(language);
  const values = Object.fromEntries(
    Object.entries(ref.values ?? {}).map(([name, value]) => [
      name,
      typeof value === 'object' ? render(language, value) : value,
    ]),
  );
  return t(ref.key, values);
}

/** The texts of a language, by the console's keys (`orders.paid`). */
export function textsIn(language: Language): TFunction {
  return texts.getFixedT(language);
}

/**
 * The language a request asks for: Chinese when its `Accept-Language` prefers Chinese to English
 * (the console sends its own language; a browser its user's), English otherwise.
 */
export function languageOf(acceptLanguage: string | undefined): Language {
  const ranked = (acceptLanguage ?? '')
    .split(',')
    .map((part) => {
      const [tag = '', ...params] = part.trim().toLowerCase().split(';');
      const q = params.find((param) => param.trim().startsWith('q='));
      return { tag, q: q ? Number(q.trim().slice(2)) : 1 };
    })
    .filter((entry) => entry.tag.startsWith('zh') || entry.tag.startsWith('en'))
    .sort((a, b) => b.q - a.q);
  return ranked[0]?.tag.startsWith('zh') ? 'zh' : 'en';
}
