import { describe, expect, it } from 'vitest';
import { decideRoute, type GuardInput } from './guard.ts';

const visit = (pathname: string, rest: Partial<GuardInput> = {}) =>
  decideRoute({ pathname, search: '', hasToken: false, user: 'idle', ...rest });

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
    expect(visit('/no-such-page')).toEqual({ kind: 'redirect', to: '/login?redirect=%2Fno-such-page' });
  });

  it('sends a signed-in visitor away from the sign-in page', () => {
    expect(visit('/login', { hasToken: true })).toEqual({ kind: 'redirect', to: '/' });
    expect(visit('/login', { hasToken: true, search: '?redirect=%2Fdashboard%3Fa%3D1' })).toEqual({
      kind: 'redirect',
      to: '/dashboard?a=1',
    });
    expect(visit('/login', { hasToken: true, search: '?redirect=//evil.example' })).toEqual({
      kind: 'redirect',
      to: '/',
    });
  });

  it('waits for the user info before showing a protected page', () => {
    expect(visit('/dashboard', { hasToken: true, user: 'idle' })).toEqual({ kind: 'wait' });
    expect(visit('/dashboard', { hasToken: true, user: 'loading' })).toEqual({ kind: 'wait' });
    expect(visit('/dashboard', { hasToken: true, user: 'ready' })).toEqual({ kind: 'render' });
  });

  it('signs out on a refused token and reports other failures', () => {
    expect(visit('/dashboard', { hasToken: true, user: 'unauthorized' })).toEqual({ kind: 'sign-out' });
    expect(visit('/dashboard', { hasToken: true, user: 'failed' })).toEqual({ kind: 'failed' });
  });
});
