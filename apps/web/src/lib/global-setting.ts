/** Public content kept in the global settings, shown on /publicity (DESIGN §6). */
export interface Publicity {
  title?: string;
  body?: string;
  contact?: string;
}

/** `api/global/setting` for this console: values that override the built-in ones when present. */
export interface GlobalSetting {
  title?: string;
  footerTxt?: string;
  caseNumber?: string;
  publicity?: Publicity;
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

/** Keeps the known settings that are non-empty texts; anything else (or no object at all) counts as absent. */
export function sanitizeGlobalSetting(raw: unknown): GlobalSetting {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return {};
  const record = raw as Record<string, unknown>;
  const result: GlobalSetting = {};
  const title = text(record.title);
  const footerTxt = text(record.footerTxt);
  const caseNumber = text(record.caseNumber);
  if (title) result.title = title;
  if (footerTxt) result.footerTxt = footerTxt;
  if (caseNumber) result.caseNumber = caseNumber;
  const publicity = record.publicity;
  if (typeof publicity === 'object' && publicity !== null) {
    const source = publicity as Record<string, unknown>;
    const kept: Publicity = {};
    for (const key of ['title', 'body', 'contact'] as const) {
      const value = text(source[key]);
      if (value) kept[key] = value;
    }
    if (Object.keys(kept).length > 0) result.publicity = kept;
  }
  return result;
}
