import { describe, expect, it } from 'vitest';
import { loginPathFor, safeRedirect } from './safe-redirect.ts';

describe('safeRedirect', () => {
  it('keeps same-site paths with their query', () => {
    expect(safeRedirect('/dashboard')).toBe('/dashboard');
    expect(safeRedirect('/system/user?page=2&size=10')).toBe('/system/user?page=2&size=10');
  });

  it('refuses anything that could leave the site', () => {
    for (const target of [
      '//evil.example',
      '/\\evil.example',
      'https://evil.example',
      'javascript:alert(1)',
      'dashboard',
    ]) {
      expect(safeRedirect(target)).toBeUndefined();
    }
    expect(safeRedirect('/\t/evil.example')).toBeUndefined();
  });

  it('gives undefined for a missing value', () => {
    expect(safeRedirect(null)).toBeUndefined();
    expect(safeRedirect(undefined)).toBeUndefined();
    expect(safeRedirect('')).toBeUndefined();
  });
});

describe('loginPathFor', () => {
  it('encodes the requested path and query', () => {
    expect(loginPathFor('/')).toBe('/login?redirect=%2F');
    expect(loginPathFor('/a?b=1&c=2')).toBe('/login?redirect=%2Fa%3Fb%3D1%26c%3D2');
  });
});
