import { describe, expect, it } from 'vitest';
import { assembleTree, levelsOf, mergeLevels, subtreeIds } from './lazy-tree.ts';

const row = (id: number, pid: number | null, hasChildren = false) => ({ id, pid, hasChildren, label: `#${id}` });

describe('lazily loaded trees', () => {
  const top = [row(1, null, true), row(2, null, true), row(3, null)];

  it('nest the loaded levels and mark unloaded ones for the expand button', () => {
    const levels = new Map([[1, [row(11, 1, true), row(12, 1)]]]);
    expect(assembleTree(top, levels)).toEqual([
      { ...row(1, null, true), children: [{ ...row(11, 1, true), children: [] }, row(12, 1)] },
      { ...row(2, null, true), children: [] },
      row(3, null),
    ]);
  });

  it('leave unloaded levels out for trees that load through loadData', () => {
    const tree = assembleTree(top, new Map(), { unloaded: 'none' });
    expect(tree.map((node) => node.children)).toEqual([undefined, undefined, undefined]);
  });

  it('show a loaded level without rows as a leaf', () => {
    expect(assembleTree([row(1, null, true)], new Map([[1, []]]))).toEqual([row(1, null, true)]);
  });

  it('never change the records it is given', () => {
    const given = [row(1, null, true)];
    const frozen = JSON.stringify(given);
    assembleTree(given, new Map([[1, [row(2, 1)]]]));
    expect(JSON.stringify(given)).toBe(frozen);
  });

  it('stop at a cycle in bad data', () => {
    const levels = new Map([
      [1, [row(2, 1, true)]],
      [2, [row(1, 2, true)]],
    ]);
    const [first] = assembleTree([row(1, null, true)], levels);
    expect(first?.children?.[0]?.children?.[0]?.id).toBe(1);
    expect(first?.children?.[0]?.children?.[0]?.children).toEqual([]);
  });

  it('take the levels out of a nested answer and let fresher levels win', () => {
    const nested = [
      { ...row(1, null, true), children: [{ ...row(11, 1, true), children: [row(111, 11)] }] },
      row(2, null),
    ];
    const levels = levelsOf(nested);
    expect([...levels.keys()]).toEqual([1, 11]);
    expect(levels.get(11)).toEqual([row(111, 11)]);
    const merged = mergeLevels(levels, new Map([[11, [row(112, 11)]]]));
    expect(merged.get(11)).toEqual([row(112, 11)]);
    expect(merged.get(1)).toBe(levels.get(1));
  });

  it('list a record and everything below it', () => {
    const tree = assembleTree(
      top,
      new Map([
        [1, [row(11, 1, true), row(12, 1)]],
        [11, [row(111, 11)]],
      ]),
    );
    expect(subtreeIds(tree, 1)).toEqual([1, 11, 111, 12]);
    expect(subtreeIds(tree, 3)).toEqual([3]);
    expect(subtreeIds(tree, 99)).toEqual([]);
  });
});
