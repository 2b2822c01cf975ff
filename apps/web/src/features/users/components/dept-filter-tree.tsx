import '@/locales/console/users-texts.ts';
import { useQuery } from '@tanstack/react-query';
import type { Dept } from '@water/contract/depts';
import { Empty, Flex, Input, Spin, Tree, type TreeDataNode } from 'antd';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { deptLevelQuery } from '@/components/dept-tree/get-dept-level.ts';
import { deptSearchQuery } from '@/components/dept-tree/search-depts.ts';
import { assembleTree, type Nested } from '@/components/tree/lazy-tree.ts';
import { useLazyLevels } from '@/components/tree/use-lazy-levels.ts';
import { useSeededText } from '@/lib/menu-title.ts';

interface DeptFilterTreeProps {
  selected: number | undefined;
  onSelect: (deptId: number | undefined) => void;
}

function toNodes(depts: readonly Nested<Dept>[], flat: boolean, titleOf: (name: string) => string): TreeDataNode[] {
  return depts.map((dept) => ({
    key: dept.id,
    title: titleOf(dept.name),
    isLeaf: flat || !dept.hasChildren,
    ...(dept.children && !flat ? { children: toNodes(dept.children, false, titleOf) } : {}),
  }));
}

/** Narrows the user list to a department and everything below it; a second click shows all again. */
export function DeptFilterTree({ selected, onSelect }: DeptFilterTreeProps) {
  const { t } = useTranslation();
  const seeded = useSeededText();
  const [name, setName] = useState('');
  const top = useQuery(deptLevelQuery(null, false));
  const matches = useQuery({ ...deptSearchQuery(name), enabled: name !== '' });
  const levelQuery = useCallback((pid: number) => deptLevelQuery(pid, false), []);
  const lazy = useLazyLevels(levelQuery);
  const searching = name !== '';
  const treeData = useMemo(
    () =>
      searching
        ? toNodes(matches.data ?? [], true, seeded)
        : toNodes(assembleTree(top.data ?? [], lazy.levels, { unloaded: 'none' }), false, seeded),
    [searching, matches.data, top.data, lazy.levels, seeded],
  );
  const loading = searching ? matches.isPending : top.isPending;

  return (
    <Flex vertical gap={12}>
      <Input.Search
        placeholder={t('users.deptSearch')}
        aria-label={t('users.deptSearch')}
        allowClear
        onSearch={(value) => setName(value.trim())}
      />
      {loading ? (
        <Spin />
      ) : treeData.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />
      ) : (
        <Tree
          aria-label={t('users.depts')}
          treeData={treeData}
          selectedKeys={selected === undefined ? [] : [selected]}
          loadData={async (node) => {
            if (typeof node.key === 'number') await lazy.load(node.key);
          }}
          onSelect={(keys) => onSelect(typeof keys[0] === 'number' ? keys[0] : undefined)}
          blockNode
        />
      )}
    </Flex>
  );
}
