import { UnorderedListOutlined } from '@ant-design/icons';
import { tasksLocales } from '@water/contract/texts/tasks';
import { Badge, Button } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { addPageTexts } from '@/lib/i18n-pages.ts';
import { setTasksOpened, useLayout } from '@/lib/layout-state.ts';
import { isUnderWay, useMyTasks } from '../api/tasks.ts';

addPageTexts('tasks', tasksLocales);

/** The drawer and what it draws with (list, progress bars) load with the first use of the button, not with the shell. */
const TasksDrawer = lazy(() => import('./tasks-drawer.tsx').then((module) => ({ default: module.TasksDrawer })));

/** The top bar's jobs button: how many of the user's background tasks are under way; it opens their drawer. */
export function TasksButton() {
  const { t } = useTranslation();
  const open = useLayout((state) => state.tasksOpened);
  // Mounted once first opened, and kept, so that it closes with its animation.
  const [used, setUsed] = useState(false);
  if (open && !used) setUsed(true);
  const tasks = useMyTasks();
  const underWay = tasks.data?.filter(isUnderWay).length ?? 0;
  return (
    <>
      <Badge count={underWay} size="small" offset={[-4, 4]}>
        <Button
          type="text"
          icon={<UnorderedListOutlined />}
          aria-label={t('tasks.open')}
          onClick={() => {
            setTasksOpened(true);
            void tasks.refetch();
          }}
        />
      </Badge>
      {used && (
        <Suspense fallback={null}>
          <TasksDrawer open={open} onClose={() => setTasksOpened(false)} />
        </Suspense>
      )}
    </>
  );
}
