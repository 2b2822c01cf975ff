import type { AlarmPush, AlarmType } from '@water/contract/alarm-types';
import { Button } from 'antd';
import { i18n } from '@/lib/i18n.ts';
import { notifyWarning, openPath } from '@/lib/notifier.ts';
import { useStartup } from '../routing/startup.ts';

/** Alarms pushed within this long of the first make one notice per type. */
export const ALARM_GROUP_MS = 1500;
/** The machines a notice names; the rest are counted. */
const NAMED = 5;
const ALARMS_PAGE = 'business/alarm/index';

let waiting: AlarmPush[] = [];
let timer: ReturnType<typeof setTimeout> | undefined;
/** The machines of each notice still open, by alarm type: a later burst of that type joins them. */
const open = new Map<AlarmType, string[]>();

/** Where the alarms page is in the signed-in user's menus (none: the user has no such page). */
const alarmsPath = () => useStartup.getState().table.routes.find((route) => route.pageKey === ALARMS_PAGE)?.fullPath;

function show(type: AlarmType, serials: readonly string[]): void {
  const t = i18n.t.bind(i18n);
  const typeName = t(`alarmPush.types.${type}`);
  const named = serials.slice(0, NAMED).join(', ');
  const more = serials.length - NAMED;
  const path = alarmsPath();
  notifyWarning(
    serials.length === 1 ? t('alarmPush.title') : t('alarmPush.grouped', { count: serials.length, type: typeName }),
    serials.length === 1
      ? `${typeName} · ${named}`
      : more > 0
        ? t('alarmPush.andMore', { names: named, count: more })
        : named,
    {
      key: `alarm-${type}`,
      onClose: () => open.delete(type),
      actions: path ? (
        <Button type="link" size="small" onClick={() => openPath(path)}>
          {t('alarmPush.view')}
        </Button>
      ) : undefined,
    },
  );
}

function flush(): void {
  timer = undefined;
  const burst = waiting;
  waiting = [];
  const byType = new Map<AlarmType, string[]>();
  for (const alarm of burst) byType.set(alarm.type, [...(byType.get(alarm.type) ?? []), alarm.serialNo]);
  for (const [type, serials] of byType) {
    const all = [...new Set([...(open.get(type) ?? []), ...serials])];
    open.set(type, all);
    show(type, all);
  }
}

/**
 * An alarm opened on a machine the user sees. Alarms arriving together make one notice per type
 * ("5 machines: Offline"), and a notice still open counts the later ones of its type in.
 */
export function noticeAlarm(alarm: AlarmPush): void {
  waiting.push(alarm);
  if (timer === undefined) timer = setTimeout(flush, ALARM_GROUP_MS);
}
