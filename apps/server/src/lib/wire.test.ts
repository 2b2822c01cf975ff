import { Artifact } from '@water/contract/artifacts';
import { describe, expect, it } from 'vitest';
import { formatDateTime } from './time.ts';
import { wireMapper, wireOf } from './wire.ts';

const stored = {
  id: 7,
  kind: 'deploy' as const,
  name: 'console.zip',
  version: 2,
  size: 1024,
  sha256: 'ab'.repeat(32),
  notes: null,
  url: '/api/artifacts/7/file',
  createBy: 'admin',
  createTime: new Date(2026, 10, 26, 9, 5, 3),
  storedName: 'f3a1.zip',
  secretKey: 'never-on-the-wire',
};

describe('wireOf', () => {
  it('answers exactly the fields the contract declares, whatever else the record holds', () => {
    const answer = wireOf(Artifact, stored);
    expect(Object.keys(answer).sort()).toEqual(Object.keys(Artifact.properties).sort());
    expect(JSON.stringify(answer)).not.toContain('never-on-the-wire');
    expect(answer).not.toHaveProperty('storedName');
  });

  it('writes times as the wire’s yyyy-MM-dd HH:mm:ss and keeps every other value as it is', () => {
    const answer = wireMapper(Artifact)(stored);
    expect(answer.createTime).toBe('2026-11-26 09:05:03');
    expect(answer.createTime).toBe(formatDateTime(stored.createTime));
    expect(answer).toMatchObject({ id: 7, kind: 'deploy', notes: null, size: 1024, url: '/api/artifacts/7/file' });
  });
});
