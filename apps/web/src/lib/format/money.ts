import Decimal from 'decimal.js';

/**
 * An amount of integer fen as money in the console’s language: "CN¥1,234.50" (English),
 * "¥1,234.50" with Chinese grouping rules (中文). The yuan are computed exactly before formatting.
 */
export function formatFen(fen: number, language: string): string {
  const locale = language.startsWith('zh') ? 'zh-CN' : 'en-US';
  return new Intl.NumberFormat(locale, { style: 'currency', currency: 'CNY' }).format(
    new Decimal(fen).dividedBy(100).toNumber(),
  );
}
