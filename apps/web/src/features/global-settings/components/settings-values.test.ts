import { asFen } from '@water/contract/money';
import { describe, expect, it } from 'vitest';
import { toSettings, toSettingsValues } from './settings-values.ts';

describe('settings form values', () => {
  it('fills every field, empty where nothing is stored', () => {
    expect(toSettingsValues({})).toEqual({
      title: '',
      footerTxt: '',
      caseNumber: '',
      servicePhone: '',
      publicity: { title: '', body: '', contact: '', images: [] },
      refundReviewAbove: null,
      withdrawalMinimum: null,
      withdrawalFeeFixed: null,
      withdrawalFeePercent: null,
      cardBonusRules: [],
      cardReserveSharePct: null,
      alarmOrderDelays: {
        OFFLINE: 30,
        FAULT: 30,
        TDS_HIGH: 30,
        LEAK: 30,
        PAYMENT_DEVICE: 30,
        CONSUMER_REPORT: 30,
        TANK_EMPTY: 'NEVER',
        NO_SALES: 'NEVER',
      },
      filterLeadDays: null,
      mapTiles: { preset: 'NONE', url: '', key: '', gcj02: false },
    });
    expect(toSettingsValues({ title: 'T', publicity: { images: ['/files/a.png'] } })).toMatchObject({
      title: 'T',
      publicity: { title: '', images: ['/files/a.png'] },
    });
  });

  it('stores only what was filled in, trimmed, so empty fields fall back to the built-in texts', () => {
    expect(
      toSettings({
        title: '  Water Co.  ',
        footerTxt: ' ',
        caseNumber: '',
        publicity: { title: '', body: 'Line 1\nLine 2\n', contact: ' ', images: [] },
      }),
    ).toEqual({ title: 'Water Co.', publicity: { body: 'Line 1\nLine 2' } });
    expect(toSettings(toSettingsValues({}))).toEqual({});
  });

  it('stores the alarms’ repair-order delays that differ from the built-in ones, never as a number of nothing', () => {
    const values = toSettingsValues({ alarmOrderDelays: { LEAK: 0, TANK_EMPTY: 600 } });
    expect(values.alarmOrderDelays).toMatchObject({ LEAK: 0, TANK_EMPTY: 600, OFFLINE: 30, NO_SALES: 'NEVER' });
    expect(toSettings({ alarmOrderDelays: { ...values.alarmOrderDelays, OFFLINE: 'NEVER' } }).alarmOrderDelays).toEqual(
      {
        LEAK: 0,
        TANK_EMPTY: 600,
        OFFLINE: null,
      },
    );
  });

  it('round-trips stored settings unchanged', () => {
    const stored = {
      title: 'Water Co.',
      footerTxt: '© Water Co.',
      caseNumber: 'ICP 1',
      publicity: { title: 'Notice', body: 'Text', contact: '400', images: ['/files/a.png', 'https://x.example/b.png'] },
      refundReviewAbove: asFen(1050),
      withdrawalMinimum: asFen(10_000),
      withdrawalFeeFixed: asFen(50),
      withdrawalFeePercent: '0.6',
      cardBonusRules: [{ minTopUp: asFen(10_000), bonus: asFen(500) }],
      cardReserveSharePct: 0,
    };
    expect(toSettings(toSettingsValues(stored))).toEqual(stored);
  });

  it('keeps the refund review threshold in fen, entered in yuan', () => {
    expect(toSettingsValues({ refundReviewAbove: asFen(1050) }).refundReviewAbove).toBe('10.50');
    expect(toSettings({ refundReviewAbove: '0.3' })).toEqual({ refundReviewAbove: asFen(30) });
    expect(toSettings({ refundReviewAbove: '0' })).toEqual({});
    expect(toSettings({ refundReviewAbove: null })).toEqual({});
  });

  it('keeps a withdrawal’s minimum and fixed fee in fen, entered in yuan, and its percentage as typed', () => {
    expect(toSettingsValues({ withdrawalMinimum: asFen(10_000), withdrawalFeeFixed: asFen(5) })).toMatchObject({
      withdrawalMinimum: '100.00',
      withdrawalFeeFixed: '0.05',
      withdrawalFeePercent: null,
    });
    expect(toSettings({ withdrawalMinimum: '100', withdrawalFeeFixed: '0.5', withdrawalFeePercent: '0.60' })).toEqual({
      withdrawalMinimum: asFen(10_000),
      withdrawalFeeFixed: asFen(50),
      withdrawalFeePercent: '0.60',
    });
    expect(toSettings({ withdrawalMinimum: '0', withdrawalFeeFixed: null, withdrawalFeePercent: '0' })).toEqual({});
  });

  it('keeps the water card bonus rules in fen, entered in yuan, leaving out rows not filled in', () => {
    expect(
      toSettingsValues({ cardBonusRules: [{ minTopUp: asFen(5_000), bonus: asFen(250) }] }).cardBonusRules,
    ).toEqual([{ minTopUp: '50.00', bonus: '2.50' }]);
    expect(
      toSettings({
        cardBonusRules: [
          { minTopUp: '100', bonus: '5' },
          { minTopUp: null, bonus: '3' },
          { minTopUp: '500', bonus: '0' },
        ],
        cardReserveSharePct: 25,
      }),
    ).toEqual({
      cardBonusRules: [
        { minTopUp: asFen(10_000), bonus: asFen(500) },
        { minTopUp: asFen(50_000), bonus: asFen(0) },
      ],
      cardReserveSharePct: 25,
    });
    expect(toSettings({ cardBonusRules: [], cardReserveSharePct: null, filterLeadDays: null })).toEqual({});
    expect(toSettings({ filterLeadDays: 0 })).toEqual({ filterLeadDays: 0 });
    expect(toSettingsValues({ filterLeadDays: 14 }).filterLeadDays).toBe(14);
  });

  it('stores the map’s tiles only when a preset is chosen, with only what that preset reads', () => {
    const tiles = (mapTiles: {
      preset: 'NONE' | 'OSM' | 'AMAP' | 'TIANDITU' | 'CUSTOM';
      url?: string;
      key?: string;
      gcj02?: boolean;
    }) => toSettings({ mapTiles: { url: '', key: '', gcj02: false, ...mapTiles } }).mapTiles;
    expect(tiles({ preset: 'NONE', key: 'left-over' })).toBeUndefined();
    expect(tiles({ preset: 'AMAP', url: 'https://x.test/{z}/{x}/{y}', gcj02: true })).toEqual({ preset: 'AMAP' });
    expect(tiles({ preset: 'TIANDITU', key: ' tk123 ' })).toEqual({ preset: 'TIANDITU', key: 'tk123' });
    expect(tiles({ preset: 'CUSTOM', url: ' https://x.test/{z}/{x}/{y}.png ', gcj02: true })).toEqual({
      preset: 'CUSTOM',
      url: 'https://x.test/{z}/{x}/{y}.png',
      gcj02: true,
    });
    expect(toSettingsValues({ mapTiles: { preset: 'TIANDITU', key: 'k' } }).mapTiles).toEqual({
      preset: 'TIANDITU',
      url: '',
      key: 'k',
      gcj02: false,
    });
  });
});
