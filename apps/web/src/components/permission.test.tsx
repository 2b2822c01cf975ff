// @vitest-environment jsdom

import { cleanup, render, renderHook, screen } from '@testing-library/react';
import { DEFAULT_ROLE } from '@water/contract/constants';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PERMISSION_USAGE_ERROR } from '@/lib/permission.ts';
import { useSession } from '@/lib/session.ts';
import { Permission, usePermission } from './permission.tsx';

afterEach(cleanup);

const holding = (roles: string[]) => useSession.setState({ roles });

describe('<Permission>', () => {
  it('renders its children only for a user holding one of the permissions', () => {
    holding(['user:list']);
    render(
      <>
        <Permission allow={['user:add', 'user:list']}>
          <button type="button">List</button>
        </Permission>
        <Permission allow={['user:del']}>
          <button type="button">Delete</button>
        </Permission>
      </>,
    );
    expect(screen.getByRole('button', { name: 'List' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
  });

  it('shows everything to admin and nothing guarded to a user with the default role only', () => {
    holding(['admin']);
    const { unmount } = render(<Permission allow={['anything']}>shown</Permission>);
    expect(screen.getByText('shown')).toBeTruthy();
    unmount();
    holding([DEFAULT_ROLE]);
    render(<Permission allow={['user:list']}>hidden</Permission>);
    expect(screen.queryByText('hidden')).toBeNull();
  });

  it('throws the usage error for an empty list', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    holding(['admin']);
    expect(() => render(<Permission allow={[]}>x</Permission>)).toThrow(PERMISSION_USAGE_ERROR);
  });
});

describe('usePermission', () => {
  it('answers for any list', () => {
    holding(['dept:list']);
    const { result } = renderHook(() => usePermission());
    expect(result.current(['dept:list'])).toBe(true);
    expect(result.current(['job:list'])).toBe(false);
  });
});
