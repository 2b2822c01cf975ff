import { seededNameIn } from '@water/contract/seeded-names';
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

/**
 * A text by its key, with values that may be texts themselves (an object's name, a state's label),
 * lists of texts (written one after the other, as the language separates them), or stored names
 * (seeded ones translated, a menu's by its title). Plain data: it may be stored and written later
 * in another language.
 */
export interface TextRef {
  key: string;
  values?: Readonly<Record<string, TextValue>>;
}
export type TextValue = string | number | TextRef | readonly TextRef[] | { name: string } | { menuTitle: string };

/** Names as a list of quoted names: `"Sales", "R&D"` (menus by their titles). */
export const quotedNames = (names: readonly string[], kind: 'name' | 'menuTitle' = 'name'): TextRef[] =>
  names.map((name) => ({ key: 'errors.quoted', values: { name: kind === 'name' ? { name } : { menuTitle: name } } }));

/** A text in a language, its values put in (texts among them in the same language). */
export function render(language: Language, ref: TextRef): string {
  const t = textsIn(language);
  const valueIn = (value: TextValue): string | number => {
    if (typeof value !== 'object') return value;
    if ('key' in value) return render(language, value);
    if ('name' in value) return seededNameIn(language, value.name);
    if ('menuTitle' in value) return seededNameIn(language, value.menuTitle, 'menuTitle');
    return value.map((item) => render(language, item)).join(t('errors.separator'));
  };
  const values = Object.fromEntries(Object.entries(ref.values ?? {}).map(([name, value]) => [name, valueIn(value)]));
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
