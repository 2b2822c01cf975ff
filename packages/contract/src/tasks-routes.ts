import Type from 'typebox';
import { authErrors, ErrorBody, IdRef } from './common.ts';
import { defineRoute } from './route.ts';
import { Task } from './tasks.ts';

const tags = ['tasks'];

/** The caller's background tasks (the jobs drawer): the list, and queuing a failed one again. */
export const taskRoutes = {
  mine: defineRoute({
    method: 'GET',
    path: '/api/tasks',
    summary: 'The caller’s background tasks, newest first (the last 20)',
    tags,
    permission: 'signed-in',
    replies: { 200: Type.Array(Task), ...authErrors },
  }),
  retry: defineRoute({
    method: 'POST',
    path: '/api/tasks/:id/retry',
    summary: 'Queue a failed task of the caller again',
    tags,
    permission: 'signed-in',
    params: IdRef,
    replies: { 200: Task, 404: ErrorBody, 409: ErrorBody, ...authErrors },
  }),
};
