import { expect } from '@playwright/test';
import type { Api } from './api.ts';
import { idOf } from './system-pages.ts';

/** A menu to create through `api/menus`, with the menus below it. */
export interface MenuSeed {
  title: string;
  /** Below the top level: relative, as the menu form takes it. */
  path: string;
  /** The page key; without one (and not an external link) the menu is a directory. */
  component?: string;
  icon?: string;
  /** Kept open (state and all) while another tab shows. */
  cache?: boolean;
  hidden?: boolean;
  /** An external link: `path` is its address. */
  iFrame?: boolean;
  permission?: string;
  menuSort?: number;
  children?: MenuSeed[];
}

const created = async (answer: Awaited<ReturnType<Api['post']>>) =>
  expect(answer.status(), await answer.text()).toBe(201);

/**
 * Creates menus, roles and users through the API as the administrator, and removes them all again
 * at `cleanUp`, so that a journey leaves the database as it found it.
 */
export function seeder(admin: Api) {
  const users: number[] = [];
  const roles: number[] = [];
  const menus: number[] = [];

  /** Creates the menus with those below them, and returns the ids by title. */
  async function menuTree(...seeds: MenuSeed[]): Promise<Record<string, number>> {
    const ids: Record<string, number> = {};
    const create = async ({ children, ...fields }: MenuSeed, pid: number | null) => {
      const type = fields.component || fields.iFrame ? 1 : 0;
      await created(await admin.post('api/menus', { ...fields, pid, type }));
      const id = await idOf(admin, 'api/menus', { blurry: fields.title }, 'title', fields.title);
      ids[fields.title] = id;
      // Deleting a menu deletes what is below it.
      if (pid === null) menus.push(id);
      for (const child of children ?? []) await create(child, id);
    };
    for (const seed of seeds) await create(seed, null);
    return ids;
  }

  /** A role (level 3, data of every department) that grants exactly the given menus and buttons. */
  async function role(name: string, menuIds: number[]): Promise<number> {
    await created(await admin.post('api/roles', { name, level: 3, dataScope: '全部' }));
    const id = await idOf(admin, 'api/roles', { blurry: name, page: 0, size: 50 }, 'name', name);
    roles.push(id);
    const granted = await admin.put('api/roles/menu', { id, menus: menuIds.map((menuId) => ({ id: menuId })) });
    expect(granted.status(), await granted.text()).toBe(204);
    return id;
  }

  /** A user of the first department holding the given roles, signed in with `password`. */
  async function user(username: string, password: string, roleIds: number[], extra: { email?: string } = {}) {
    const depts = (await (await admin.get('api/dept')).json()) as { content: { id: number }[] };
    await created(
      await admin.post('api/users', {
        username,
        nickName: username,
        dept: { id: depts.content[0]!.id },
        roles: roleIds.map((id) => ({ id })),
        password,
        ...extra,
      }),
    );
    const id = await idOf(admin, 'api/users', { blurry: username, page: 0, size: 50 }, 'username', username);
    users.push(id);
    return id;
  }

  /** The id of a role that came with the seed, such as "User". */
  async function seededRole(name: string): Promise<number> {
    const all = (await (await admin.get('api/roles/all')).json()) as { id: number; name: string }[];
    const found = all.find((candidate) => candidate.name === name);
    if (!found) throw new Error(`no role "${name}"`);
    return found.id;
  }

  async function cleanUp() {
    // Users first: a role that someone holds cannot be deleted. What a journey deleted itself is skipped.
    for (const [url, ids] of [
      ['api/users', users],
      ['api/roles', roles],
      ['api/menus', menus],
    ] as const) {
      for (const id of ids.splice(0)) {
        const removed = await admin.delete(url, [id]);
        expect([200, 404], await removed.text()).toContain(removed.status());
      }
    }
  }

  return { menuTree, role, user, seededRole, cleanUp };
}

export type Seeder = ReturnType<typeof seeder>;
