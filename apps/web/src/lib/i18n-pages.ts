import { i18n } from './i18n.ts';

/**
 * Adds a page's texts in both languages when the page's code loads, so that they travel with the
 * page rather than with the shell every signed-in user downloads. Call it at the top level of
 * the page's module (before it renders).
 */
export function addPageTexts(group: string, texts: { en: object; zh: object }): void {
  i18n.addResourceBundle('en', 'translation', { [group]: texts.en }, true, true);
  i18n.addResourceBundle('zh-CN', 'translation', { [group]: texts.zh }, true, true);
}
