import type { AlarmPush } from './alarm-types.ts';

/** What the server pushes to a signed-in console over `/websocket?token=…`, as JSON text frames. */
export const PUSH_MESSAGE_TYPES = ['INFO', 'ERROR', 'LOGOUT', 'CHANGED', 'ALARM'] as const;
export type PushMessageType = (typeof PUSH_MESSAGE_TYPES)[number];

/** What a CHANGED message says changed: the console reloads that and nothing else. */
export const CHANGE_TOPICS = ['menus', 'dicts', 'settings', 'permissions'] as const;
export type ChangeTopic = (typeof CHANGE_TOPICS)[number];

/** Why a LOGOUT came: `KICKED` when an administrator signed the session out from the online users page. */
export const LOGOUT_REASONS = ['KICKED'] as const;
export type LogoutReason = (typeof LOGOUT_REASONS)[number];

export interface PushMessage {
  msgType: PushMessageType;
  msg?: string;
  /** For CHANGED only. */
  topic?: ChangeTopic;
  /** For LOGOUT only, when the reason is worth telling the user. */
  reason?: LogoutReason;
  /** For ALARM only: the alarm that opened, pushed to those who see its machine. */
  alarm?: AlarmPush;
}

/** The close code of a socket whose session ended (signed out elsewhere, kicked out, revoked): sign out. */
export const SESSION_ENDED_CLOSE = 4001;
/** The close code of a socket the server closes as it shuts down (WebSocket "going away"): reconnect. */
export const SERVER_GOING_AWAY_CLOSE = 1001;
