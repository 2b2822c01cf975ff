import {
  ALARM_ORDER_DELAY_MS,
  type AlarmOrderDelays,
  alarmOrderDelaysMs,
  ORDERABLE_ALARM_TYPES,
} from '@water/contract/alarm-order-delays';
import type { MapTiles } from '@water/contract/map-tiles';
import type { GlobalSettings, Publicity } from '@water/contract/settings';
import { fenToYuan, yuanToFen } from '@/lib/format/money.ts';
import { keptTexts, PUBLICITY_TEXTS, SETTING_TEXTS } from '@/lib/global-setting.ts';

/** The settings form: every text present (empty when unset), the images as a list. */
export interface SettingsValues {
  title: string;
  footerTxt: string;
  caseNumber: string;
  /** The phone consumers call, on machines' pages and stickers. */
  servicePhone: string;
  publicity: { title: string; body: string; contact: string; images: string[] };
  /** Yuan: staff card and coin refunds up to this go back without a second person ('' or 0: none do). */
  refundReviewAbove: string | null;
  /** Yuan: the least a withdrawal asks for ('' or 0: no minimum). */
  withdrawalMinimum: string | null;
  /** Yuan: the fixed fee of a withdrawal ('' or 0: none). */
  withdrawalFeeFixed: string | null;
  /** Percent of a withdrawal taken as fee besides the fixed one ('' or 0: none). */
  withdrawalFeePercent: string | null;
  /** Water cards: top-ups of at least `minTopUp` yuan earn `bonus` yuan. */
  cardBonusRules: { minTopUp: string | null; bonus: string | null }[];
  /** Water cards: the share (percent) of its card balances an agent's reserve should cover; empty: 20. */
  cardReserveSharePct: number | null;
  /** Seconds an alarm of each type waits before its repair order, or NEVER. */
  alarmOrderDelays: Record<keyof AlarmOrderDelays, number | 'NEVER'>;
  /** Filter schedules: days ahead of its due date a stage is due soon; empty: 7. */
  filterLeadDays: number | null;
  /** The fleet map's tiles: a preset, a custom preset's address, a key where the preset needs one. */
  mapTiles: { preset: MapTiles['preset']; url: string; key: string; gcj02: boolean };
}

export function toSettingsValues(settings: GlobalSettings | undefined): SettingsValues {
  const publicity = settings?.publicity;
  return {
    title: settings?.title ?? '',
    footerTxt: settings?.footerTxt ?? '',
    caseNumber: settings?.caseNumber ?? '',
    servicePhone: settings?.servicePhone ?? '',
    publicity: {
      title: publicity?.title ?? '',
      body: publicity?.body ?? '',
      contact: publicity?.contact ?? '',
      images: publicity?.images ?? [],
    },
    refundReviewAbove: settings?.refundReviewAbove ? fenToYuan(settings.refundReviewAbove) : null,
    withdrawalMinimum: settings?.withdrawalMinimum ? fenToYuan(settings.withdrawalMinimum) : null,
    withdrawalFeeFixed: settings?.withdrawalFeeFixed ? fenToYuan(settings.withdrawalFeeFixed) : null,
    withdrawalFeePercent: settings?.withdrawalFeePercent ?? null,
    cardBonusRules: (settings?.cardBonusRules ?? []).map((rule) => ({
      minTopUp: fenToYuan(rule.minTopUp),
      bonus: fenToYuan(rule.bonus),
    })),
    cardReserveSharePct: settings?.cardReserveSharePct ?? null,
    alarmOrderDelays: delaysInSeconds(alarmOrderDelaysMs(settings?.alarmOrderDelays)),
    filterLeadDays: settings?.filterLeadDays ?? null,
    mapTiles: {
      preset: settings?.mapTiles?.preset ?? 'NONE',
      url: settings?.mapTiles?.url ?? '',
      key: settings?.mapTiles?.key ?? '',
      gcj02: settings?.mapTiles?.gcj02 ?? false,
    },
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
  const minimum = yuanToFen(values.withdrawalMinimum);
  if (minimum !== null && minimum > 0) settings.withdrawalMinimum = minimum;
  const feeFixed = yuanToFen(values.withdrawalFeeFixed);
  if (feeFixed !== null && feeFixed > 0) settings.withdrawalFeeFixed = feeFixed;
  const feePercent = values.withdrawalFeePercent?.trim();
  if (feePercent && Number(feePercent) > 0) settings.withdrawalFeePercent = feePercent;
  const rules = (values.cardBonusRules ?? []).flatMap((rule) => {
    const minTopUp = yuanToFen(rule?.minTopUp);
    const bonus = yuanToFen(rule?.bonus);
    return minTopUp !== null && minTopUp > 0 && bonus !== null ? [{ minTopUp, bonus }] : [];
  });
  if (rules.length > 0) settings.cardBonusRules = rules;
  if (values.cardReserveSharePct !== null && values.cardReserveSharePct !== undefined) {
    settings.cardReserveSharePct = values.cardReserveSharePct;
  }
  const delays = toAlarmOrderDelays(values.alarmOrderDelays);
  if (delays) settings.alarmOrderDelays = delays;
  if (values.filterLeadDays !== null && values.filterLeadDays !== undefined) {
    settings.filterLeadDays = values.filterLeadDays;
  }
  const tiles = toMapTiles(values.mapTiles);
  if (tiles) settings.mapTiles = tiles;
  return settings;
}

type Orderable = keyof AlarmOrderDelays;

const delaysInSeconds = (delays: Record<string, number | null>) =>
  Object.fromEntries(
    ORDERABLE_ALARM_TYPES.map((type) => [type, delays[type] === null ? 'NEVER' : (delays[type] as number) / 1000]),
  ) as Record<Orderable, number | 'NEVER'>;

/** The delays that differ from the built-in ones (none: nothing stored, the defaults hold). */
function toAlarmOrderDelays(values: Partial<Record<Orderable, number | 'NEVER'>> | undefined) {
  const delays: AlarmOrderDelays = {};
  for (const type of ORDERABLE_ALARM_TYPES as Orderable[]) {
    const value = values?.[type];
    if (value === undefined) continue;
    const seconds = value === 'NEVER' ? null : value;
    const builtIn = ALARM_ORDER_DELAY_MS[type];
    if (seconds !== (builtIn === null ? null : builtIn / 1000)) delays[type] = seconds;
  }
  return Object.keys(delays).length > 0 ? delays : undefined;
}

/** The map's tiles as stored: none for the blank background; a custom address and a key only where they count. */
function toMapTiles(values: Partial<SettingsValues['mapTiles']> | undefined): MapTiles | undefined {
  if (!values?.preset || values.preset === 'NONE') return undefined;
  const tiles: MapTiles = { preset: values.preset };
  const key = kept(values.key);
  if (key && values.preset !== 'CUSTOM') tiles.key = key;
  if (values.preset === 'CUSTOM') {
    const url = kept(values.url);
    if (url) tiles.url = url;
    if (key) tiles.key = key;
    if (values.gcj02) tiles.gcj02 = true;
  }
  return tiles;
}
