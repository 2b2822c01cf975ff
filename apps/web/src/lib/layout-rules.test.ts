import { describe, expect, it } from 'vitest';
import { deviceFor, sidebarOpenedFrom, sizeFrom } from './layout-rules.ts';

describe('layout state from cookies and width', () => {
  it('reads the sidebar cookie as 1 or 0, open by default', () => {
    expect(sidebarOpenedFrom('1')).toBe(true);
    expect(sidebarOpenedFrom('0')).toBe(false);
    expect(sidebarOpenedFrom(undefined)).toBe(true);
  });

  it('uses the saved size, else small', () => {
    expect(sizeFrom('large')).toBe('large');
    expect(sizeFrom('middle')).toBe('middle');
    expect(sizeFrom(undefined)).toBe('small');
    expect(sizeFrom('huge')).toBe('small');
  });

  it('is mobile below 992 px', () => {
    expect(deviceFor(991)).toBe('mobile');
    expect(deviceFor(390)).toBe('mobile');
    expect(deviceFor(992)).toBe('desktop');
    expect(deviceFor(1366)).toBe('desktop');
  });
});
