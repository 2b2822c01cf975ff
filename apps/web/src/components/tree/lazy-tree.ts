/** A record of a tree kept in the database: menus and departments. */
export interface TreeRecord {
  id: number;
  pid: number | null;
  hasChildren: boolean;
}

export type Nested<T> = T & { children?: Nested<T>[] };

/** Children by parent id, for the levels that have been loaded. */
export type Levels<T> = ReadonlyMap<number, readonly T[]>;

/**
 * The levels inside an already nested answer (e.g. `superior`: the siblings of a record and of
 * its ancestors), so they can be merged with levels loaded one by one.
 */
export function levelsOf<T extends { id: number; children?: T[] }>(nodes: readonly T[]): Map<number, T[]> {
  const levels = new Map<number, T[]>();
  const walk = (list: readonly T[]) => {
    for (const node of list) {
      if (node.children && node.children.length > 0) {
        levels.set(node.id, node.children);
        walk(node.children);
      }
    }
  };
  walk(nodes);
  return levels;
}

/** Later maps win: a level loaded on its own is fresher than the same level inside a nested answer. */
export function mergeLevels<T>(...maps: Levels<T>[]): Map<number, readonly T[]> {
  const merged = new Map<number, readonly T[]>();
  for (const map of maps) for (const [pid, children] of map) merged.set(pid, children);
  return merged;
}

export interface AssembleOptions {
  /**
   * What a record with children that are not loaded yet gets: an empty list (antd tables show the
   * expand button for it) or nothing (trees ask through `isLeaf` and `loadData` instead).
   */
  unloaded: 'empty' | 'none';
}

/**
 * Nests the loaded levels under the top level. Records are copied, never changed; a cycle in
 * bad data stops at the first repeat rather than looping.
 */
export function assembleTree<T extends TreeRecord>(
  top: readonly T[],
  levels: Levels<T>,
  options: AssembleOptions = { unloaded: 'empty' },
): Nested<T>[] {
  const build = (rows: readonly T[], seen: ReadonlySet<number>): Nested<T>[] =>
    rows.map((row) => {
      const { children: _ignored, ...record } = row as Nested<T>;
      const copy = record as Nested<T>;
      const loaded = levels.get(row.id);
      if (loaded && !seen.has(row.id)) {
        if (loaded.length > 0) copy.children = build(loaded, new Set([...seen, row.id]));
      } else if (row.hasChildren && options.unloaded === 'empty') {
        copy.children = [];
      }
      return copy;
    });
  return build(top, new Set());
}

/** The ids of a record and everything below it, among the loaded levels. */
export function subtreeIds<T extends { id: number; children?: T[] }>(nodes: readonly T[], id: number): number[] {
  const find = (list: readonly T[]): T | undefined => {
    for (const node of list) {
      if (node.id === id) return node;
      const inner = node.children ? find(node.children) : undefined;
      if (inner) return inner;
    }
    return undefined;
  };
  const start = find(nodes);
  if (!start) return [];
  const ids: number[] = [];
  const collect = (node: T) => {
    ids.push(node.id);
    for (const child of node.children ?? []) collect(child);
  };
  collect(start);
  return ids;
}
