import { PUBLICITY_IMAGE_PATTERN, PUBLICITY_MAX_IMAGES } from '@water/contract/constants';
import type { GlobalSettings, Publicity } from '@water/contract/settings';

const imageAddress = new RegExp(PUBLICITY_IMAGE_PATTERN);

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

/** Keeps the known settings that are non-empty texts; anything else (or no object at all) counts as absent. */
export function sanitizeGlobalSetting(raw: unknown): GlobalSettings {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return {};
  const record = raw as Record<string, unknown>;
  const result: GlobalSettings = {};
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
    // Only addresses the server accepts: an uploaded file or an https address, never a script.
    const images = Array.isArray(source.images)
      ? source.images.filter((image): image is string => typeof image === 'string' && imageAddress.test(image))
      : [];
    if (images.length > 0) kept.images = images.slice(0, PUBLICITY_MAX_IMAGES);
    if (Object.keys(kept).length > 0) result.publicity = kept;
  }
  return result;
}
