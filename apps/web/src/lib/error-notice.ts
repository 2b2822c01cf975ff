import type { ApiError } from './api-error.ts';

/**
 * How much of a failure the central notifier reports: everything, only failures without an
 * answer (the caller shows the server's message itself, e.g. in a form), or nothing.
 */
export type ErrorNotice = 'all' | 'network' | 'none';

export type Notice =
  | { kind: 'none' }
  | { kind: 'toast'; text: { key: 'timeout' | 'requestFailed' } | { message: string } }
  | { kind: 'session-expired' }
  | { kind: 'forbidden' }
  /** The user must choose a new password before anything else. */
  | { kind: 'password-change' };

export function noticeFor(error: ApiError, mode: ErrorNotice): Notice {
  if (mode === 'none' || error.kind === 'cancelled') return { kind: 'none' };
  // Whatever the caller asked for: nothing else works until the password is changed.
  if (error.code === 'PASSWORD_CHANGE_REQUIRED') return { kind: 'password-change' };
  if (error.kind === 'timeout') return { kind: 'toast', text: { key: 'timeout' } };
  if (error.status === 0) return { kind: 'toast', text: { key: 'requestFailed' } };
  if (mode === 'network') return { kind: 'none' };
  if (error.status === 401) return { kind: 'session-expired' };
  if (error.status === 403) return { kind: 'forbidden' };
  return { kind: 'toast', text: error.message ? { message: error.message } : { key: 'requestFailed' } };
}
