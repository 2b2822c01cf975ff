import { describe, expect, it } from 'vitest';
import { decideRoute, type GuardInput } from './guard.ts';

const visit = (pathname: string, rest: Partial<GuardInput> = {}) =>
  decideRoute({ pathname, search: '', hasToken: false, user: 'idle', menus: 'idle', isKnownPath: true, ...rest });

const signedIn: Partial<GuardInput> = { hasToken: true, user: 'ready', menus: 'ready' };

describe('decideRoute', () => {
  it('lets anyone see the public pages', () => {
    for (const path of ['/login', '/findPassword', '/publicity', '/404', '/401']) {
      expect(visit(path)).toEqual({ kind: 'render' });
    }
    expect(visit('/404', { hasToken: true })).toEqual({ kind: 'render' });
  });

  it('sends a visitor without a token to sign in, remembering the path and query', () => {
    expect(visit('/')).toEqual({ kind: 'redirect', to: '/login?redirect=%2F' });
    expect(visit('/system/user', { search: '?page=2' })).toEqual({
      kind: 'redirect',
      to: '/login?redirect=%2Fsystem%2Fuser%3Fpage%3D2',
    });
    expect(visit('/business/orders', { search: '?state=PAID', hash: '#order=202611250000000001' })).toEqual({
      kind: 'redirect',
      to: '/login?redirect=%2Fbusiness%2Forders%3Fstate%3DPAID%23order%3D202611250000000001',
    });
    expect(visit('/no-such-page', { isKnownPath: false })).toEqual({
      kind: 'redirect',
      to: '/login?redirect=%2Fno-such-page',
    });
  });

  it('sends a signed-in visitor away from the sign-in page', () => {
    expect(visit('/login', { hasToken: true })).toEqual({ kind: 'redirect', to: '/dashboard' });
    expect(visit('/login', { hasToken: true, search: '?redirect=%2Fdashboard%3Fa%3D1' })).toEqual({
      kind: 'redirect',
      to: '/dashboard?a=1',
    });
    expect(visit('/login', { hasToken: true, search: '?redirect=%2Fbusiness%2Forders%23order%3D1' })).toEqual({
      kind: 'redirect',
      to: '/business/orders#order=1',
    });
    expect(visit('/login', { hasToken: true, search: '?redirect=//evil.example' })).toEqual({
      kind: 'redirect',
      to: '/dashboard',
    });
  });

  it('waits for the user info, then for the menus, before showing a protected page', () => {
    expect(visit('/dashboard', { hasToken: true, user: 'idle' })).toEqual({ kind: 'wait' });
    expect(visit('/dashboard', { hasToken: true, user: 'loading' })).toEqual({ kind: 'wait' });
    expect(visit('/dashboard', { hasToken: true, user: 'ready', menus: 'idle' })).toEqual({ kind: 'wait' });
    expect(visit('/dashboard', { hasToken: true, user: 'ready', menus: 'loading' })).toEqual({ kind: 'wait' });
    expect(visit('/dashboard', signedIn)).toEqual({ kind: 'render' });
  });

  it('sends / to the home page once everything is loaded', () => {
    expect(visit('/', signedIn)).toEqual({ kind: 'redirect', to: '/dashboard' });
    expect(visit('/', { ...signedIn, search: '?a=1' })).toEqual({ kind: 'redirect', to: '/dashboard?a=1' });
  });

  it('does not decide about unknown paths before the menus are there', () => {
    expect(visit('/system/user', { hasToken: true, user: 'ready', menus: 'loading', isKnownPath: false })).toEqual({
      kind: 'wait',
    });
    expect(visit('/no-such-page', { ...signedIn, isKnownPath: false })).toEqual({ kind: 'redirect', to: '/404' });
  });

  it('logs out when the user info fails, and reports menus that fail', () => {
    expect(visit('/dashboard', { hasToken: true, user: 'failed' })).toEqual({ kind: 'sign-out' });
    expect(visit('/dashboard', { hasToken: true, user: 'ready', menus: 'failed' })).toEqual({ kind: 'menus-failed' });
  });

  it('holds a user who must replace a default password on the password change, and only there', () => {
    const pending: Partial<GuardInput> = { hasToken: true, user: 'ready', menus: 'idle', passwordChange: true };
    expect(visit('/dashboard', pending)).toEqual({ kind: 'redirect', to: '/password-change' });
    expect(visit('/system/user', { ...pending, isKnownPath: false })).toEqual({
      kind: 'redirect',
      to: '/password-change',
    });
    expect(visit('/password-change', pending)).toEqual({ kind: 'render' });
    expect(visit('/password-change', { hasToken: true, user: 'loading', passwordChange: true })).toEqual({
      kind: 'wait',
    });
    expect(visit('/password-change')).toEqual({ kind: 'redirect', to: '/login?redirect=%2Fpassword-change' });
    expect(visit('/password-change', signedIn)).toEqual({ kind: 'redirect', to: '/' });
  });
});
