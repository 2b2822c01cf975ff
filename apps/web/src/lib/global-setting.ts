import { PUBLICITY_IMAGE_PATTERN, PUBLICITY_MAX_IMAGES } from '@water/contract/constants';
import type { GlobalSettings, Publicity } from '@water/contract/settings';

const imageAddress = new RegExp(PUBLICITY_IMAGE_PATTERN);

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

/** The texts of the settings at the top level, beside the publicity. */
export const SETTING_TEXTS = ['title', 'footerTxt', 'caseNumber', 'servicePhone'] as const;
/** The texts of the publicity, beside its images. */
export const PUBLICITY_TEXTS = ['title', 'body', 'contact'] as const;

/**
 * The named texts of a record that `keep` keeps, as it gives them back; one it turns into
 * undefined or '' is left out, so anything unset falls back to the built-in text.
 */
export function keptTexts<K extends string, V>(
  source: Partial<Record<K, V>> | undefined,
  keys: readonly K[],
  keep: (value: V | undefined) => string | undefined,
): Partial<Record<K, string>> {
  const kept: Partial<Record<K, string>> = {};
  for (const key of keys) {
    const value = keep(source?.[key]);
    if (value) kept[key] = value;
  }
  return kept;
}

/** Keeps the known settings that are non-empty texts; anything else (or no object at all) counts as absent. */
export function sanitizeGlobalSetting(raw: unknown): GlobalSettings {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return {};
  const record = raw as Record<string, unknown>;
  const result: GlobalSettings = keptTexts(record, SETTING_TEXTS, text);
  const publicity = record.publicity;
  if (typeof publicity === 'object' && publicity !== null) {
    const source = publicity as Record<string, unknown>;
    const kept: Publicity = keptTexts(source, PUBLICITY_TEXTS, text);
    // Only addresses the server accepts: an uploaded file or an https address, never a script.
    const images = Array.isArray(source.images)
      ? source.images.filter((image): image is string => typeof image === 'string' && imageAddress.test(image))
      : [];
    if (images.length > 0) kept.images = images.slice(0, PUBLICITY_MAX_IMAGES);
    if (Object.keys(kept).length > 0) result.publicity = kept;
  }
  return result;
}
