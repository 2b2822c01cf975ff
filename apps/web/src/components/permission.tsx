import type { ReactNode } from 'react';
import { hasPermission } from '@/lib/permission.ts';
import { useSession } from '@/lib/session.ts';

/** `can(['user:add'])`: whether the signed-in user holds one of the permissions (admin holds all). */
export function usePermission(): (allow: readonly string[]) => boolean {
  const roles = useSession((state) => state.roles);
  return (allow) => hasPermission(roles, allow);
}

interface PermissionProps {
  /** At least one permission name; an empty or malformed list is a programming error and throws. */
  allow: readonly string[];
  children: ReactNode;
}

/** Renders its children only for a user holding one of `allow`; otherwise they are absent from the page. */
export function Permission({ allow, children }: PermissionProps) {
  const can = usePermission();
  return can(allow) ? children : null;
}
