import Decimal from 'decimal.js';

/**
 * An amount of integer fen as money in the console’s language: "CN¥1,234.50" (English),
 * "¥1,234.50" with Chinese grouping rules (中文). The yuan are computed exactly before formatting.
 */
export function formatFen(fen: number, language: string): string {
  return formatterFor(language.startsWith('zh') ? 'zh-CN' : 'en-US').format(new Decimal(fen).dividedBy(100).toNumber());
}

/** One formatter per locale: making one costs far more than formatting with it, and lists format many amounts. */
const formatters = new Map<string, Intl.NumberFormat>();

function formatterFor(locale: string): Intl.NumberFormat {
  let formatter = formatters.get(locale);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, { style: 'currency', currency: 'CNY' });
    formatters.set(locale, formatter);
  }
  return formatter;
}
