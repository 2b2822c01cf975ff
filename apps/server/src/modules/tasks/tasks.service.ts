import { TASK_STATE_MACHINE, Task } from '@water/contract/tasks';
import type { Principal } from '../../domain/principal.ts';
import { noSuch, notFound } from '../../lib/http-errors.ts';
import { conflictIn } from '../../lib/state.ts';
import type { TaskQueue, TaskRecord } from '../../lib/task-queue.ts';
import { type Language, render } from '../../lib/texts.ts';
import { wireMapper } from '../../lib/wire.ts';

const toWire = wireMapper(Task);

export type TasksService = ReturnType<typeof createTasksService>;

/** The caller's background tasks, as the jobs drawer shows them, and queuing a failed one again. */
export function createTasksService({ tasks }: { tasks: TaskQueue }) {
  const toDto = (task: TaskRecord, language: Language) =>
    toWire({
      ...task,
      error: task.error?.startsWith('errors.') ? render(language, { key: task.error }) : task.error,
    });

  return {
    async mine(principal: Principal, language: Language): Promise<Task[]> {
      return (await tasks.mine(principal.id)).map((task) => toDto(task, language));
    },

    /** Queues the caller's failed task again; another's is not found, one not failed is a conflict. */
    async retry(principal: Principal, id: number, language: Language): Promise<Task> {
      const task = await tasks.byId(id);
      if (!task || task.userId !== principal.id) throw notFound(noSuch('task', id));
      const queued = task.state === 'FAILED' ? await tasks.requeue(id) : undefined;
      if (!queued) throw conflictIn(TASK_STATE_MACHINE, task.state, 'RETRY');
      return toDto(queued, language);
    },
  };
}
