import type { GlobalSettings, Publicity } from '@water/contract/settings';
import { fenToYuan, yuanToFen } from '@/lib/format/money.ts';
import { keptTexts, PUBLICITY_TEXTS, SETTING_TEXTS } from '@/lib/global-setting.ts';

/** The settings form: every text present (empty when unset), the images as a list. */
export interface SettingsValues {
  title: string;
  footerTxt: string;
  caseNumber: string;
  publicity: { title: string; body: string; contact: string; images: string[] };
  /** Yuan: staff card and coin refunds up to this go back without a second person ('' or 0: none do). */
  refundReviewAbove: string | null;
}

export function toSettingsValues(settings: GlobalSettings | undefined): SettingsValues {
  const publicity = settings?.publicity;
  return {
    title: settings?.title ?? '',
    footerTxt: settings?.footerTxt ?? '',
    caseNumber: settings?.caseNumber ?? '',
    publicity: {
      title: publicity?.title ?? '',
      body: publicity?.body ?? '',
      contact: publicity?.contact ?? '',
      images: publicity?.images ?? [],
    },
    refundReviewAbove: settings?.refundReviewAbove ? fenToYuan(settings.refundReviewAbove) : null,
  };
}

/** A text as stored: trimmed at its ends (the body keeps its inner lines), absent when empty. */
const kept = (value: string | undefined) => {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
};

/** What is stored: only what was filled in, so anything left empty falls back to the built-in text. */
export function toSettings(values: Partial<SettingsValues>): GlobalSettings {
  const settings: GlobalSettings = keptTexts(values, SETTING_TEXTS, kept);
  const source = values.publicity;
  const publicity: Publicity = keptTexts(source, PUBLICITY_TEXTS, kept);
  if (source?.images && source.images.length > 0) publicity.images = [...source.images];
  if (Object.keys(publicity).length > 0) settings.publicity = publicity;
  const reviewAbove = yuanToFen(values.refundReviewAbove);
  if (reviewAbove !== null && reviewAbove > 0) settings.refundReviewAbove = reviewAbove;
  return settings;
}
