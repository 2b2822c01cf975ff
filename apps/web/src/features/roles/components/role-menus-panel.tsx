import { useQueryClient } from '@tanstack/react-query';
import type { MenuTreeNode } from '@water/contract/menus';
import type { Role } from '@water/contract/roles';
import { Alert, App, Button, Card, Col, Flex, Row, Skeleton, Tree, type TreeDataNode, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Permission } from '@/components/permission.tsx';
import { useMenuTitle } from '@/lib/menu-title.ts';
import { menuSubtreeQuery } from '../api/get-menu-subtree.ts';
import { useMenuTree } from '../api/get-menu-tree.ts';
import { useUpdateRoleMenus } from '../api/update-role-menus.ts';
import { cascadeCheck, sameMenus } from './permission-tree.ts';
import { SidebarPreview } from './sidebar-preview.tsx';

function toTreeData(nodes: readonly MenuTreeNode[], title: (raw: string) => string): TreeDataNode[] {
  return nodes.map((node) => ({
    key: node.id,
    title: title(node.label),
    ...(node.children?.length ? { children: toTreeData(node.children, title) } : {}),
  }));
}

interface RoleMenusPanelProps {
  role: Role;
  /** False for a role above the caller's level: shown, not changed. */
  editable: boolean;
}

/** The menus and buttons a role grants, ticked in the whole menu tree, beside the sidebar they make. */
export function RoleMenusPanel({ role, editable }: RoleMenusPanelProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const menuTitle = useMenuTitle();
  const tree = useMenuTree();
  const save = useUpdateRoleMenus();
  const saved = role.menus.map((menu) => menu.id);
  const [checked, setChecked] = useState<number[]>(saved);
  const [busy, setBusy] = useState(false);
  const changed = !sameMenus(checked, saved);

  const tick = async (id: number, on: boolean) => {
    setBusy(true);
    try {
      const subtree = await queryClient.fetchQuery(menuSubtreeQuery(id));
      setChecked((previous) => cascadeCheck(previous, subtree.length > 0 ? subtree : [id], on));
    } catch {
      // Reported by the client; the ticks stay as they were.
    } finally {
      setBusy(false);
    }
  };
  const submit = async () => {
    await save.mutateAsync({ id: role.id, menus: checked.map((id) => ({ id })) });
    message.success(t('roles.menusSaved'));
  };

  const treeBody = tree.isPending ? (
    <Skeleton active />
  ) : tree.isError ? (
    <Alert type="warning" showIcon title={t('roles.loadFailed')} />
  ) : (
    <Tree
      aria-label={t('roles.permissionsOf', { name: role.name })}
      checkable
      checkStrictly
      selectable={false}
      disabled={!editable || busy}
      defaultExpandAll
      treeData={toTreeData(tree.data, menuTitle)}
      checkedKeys={{ checked, halfChecked: [] }}
      onCheck={(_keys, info) => void tick(Number(info.node.key), info.checked)}
      style={{ maxHeight: 520, overflow: 'auto' }}
    />
  );

  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={14}>
        <Card
          variant="borderless"
          title={t('roles.permissionsOf', { name: role.name })}
          extra={
            <Permission allow={['roles:edit']}>
              <Flex gap={8}>
                <Button disabled={!changed} onClick={() => setChecked(saved)}>
                  {t('roles.undo')}
                </Button>
                <Button
                  type="primary"
                  disabled={!editable || !changed}
                  loading={save.isPending}
                  onClick={() => void submit().catch(() => undefined)}
                >
                  {t('roles.saveMenus')}
                </Button>
              </Flex>
            </Permission>
          }
        >
          <Typography.Paragraph type="secondary">
            {editable ? t('roles.permissionsHelp') : t('roles.permissionsLocked')}
          </Typography.Paragraph>
          {treeBody}
        </Card>
      </Col>
      <Col xs={24} lg={10}>
        <Card variant="borderless" title={t('roles.preview')}>
          <SidebarPreview checked={checked} />
        </Card>
      </Col>
    </Row>
  );
}
