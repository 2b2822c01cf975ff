import {
  COMMAND_PERMISSIONS,
  CommandBatch,
  CommandBatchInput,
  CommandInput,
  CommandQuery,
  CommandRecord,
  DesiredSettingsInput,
  MachineSettings,
} from './commands.ts';
import { authErrors, ErrorBody, IdRef, Page } from './common.ts';
import { DEVICE_PERMISSIONS } from './machines.ts';
import { defineRoute } from './route.ts';

const tags = ['commands'];

/** Commands to machines and their desired settings, for staff who reach the machines. */
export const commandRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/api/machines/:id/commands',
    summary: 'A machine’s commands, newest first: who sent what, when, and how it went',
    tags,
    permission: [DEVICE_PERMISSIONS.list],
    params: IdRef,
    query: CommandQuery,
    replies: { 200: Page(CommandRecord), 400: ErrorBody, 404: ErrorBody, ...authErrors },
  }),
  send: defineRoute({
    method: 'POST',
    path: '/api/machines/:id/commands',
    summary: 'Send a command to a machine (delivered now if it is connected, else when it next comes)',
    tags,
    permission: [COMMAND_PERMISSIONS.command],
    params: IdRef,
    body: CommandInput,
    replies: { 201: CommandRecord, 400: ErrorBody, 404: ErrorBody, ...authErrors },
  }),
  cancel: defineRoute({
    method: 'PUT',
    path: '/api/commands/:id/cancel',
    summary: 'Cancel a command its machine has not acknowledged yet',
    tags,
    permission: [COMMAND_PERMISSIONS.command],
    params: IdRef,
    replies: { 200: CommandRecord, 400: ErrorBody, 404: ErrorBody, 409: ErrorBody, ...authErrors },
  }),
  sendBatch: defineRoute({
    method: 'POST',
    path: '/api/commands/batches',
    summary: 'Send one command to many machines at once; answers the batch to follow',
    tags,
    permission: [COMMAND_PERMISSIONS.command],
    body: CommandBatchInput,
    replies: { 201: CommandBatch, 400: ErrorBody, 404: ErrorBody, ...authErrors },
  }),
  batch: defineRoute({
    method: 'GET',
    path: '/api/commands/batches/:id',
    summary: 'A batch’s progress: its commands by state (of the machines the caller reaches)',
    tags,
    permission: [DEVICE_PERMISSIONS.list],
    params: IdRef,
    replies: { 200: CommandBatch, 400: ErrorBody, 404: ErrorBody, ...authErrors },
  }),
  settings: defineRoute({
    method: 'GET',
    path: '/api/machines/:id/settings',
    summary: 'A machine’s desired settings beside those it reported',
    tags,
    permission: [DEVICE_PERMISSIONS.list],
    params: IdRef,
    replies: { 200: MachineSettings, 400: ErrorBody, 404: ErrorBody, ...authErrors },
  }),
  editSettings: defineRoute({
    method: 'PUT',
    path: '/api/machines/:id/settings',
    summary: 'Change a machine’s desired settings (their version grows by one); it applies them when it next comes',
    tags,
    permission: [COMMAND_PERMISSIONS.command],
    params: IdRef,
    body: DesiredSettingsInput,
    replies: { 200: MachineSettings, 400: ErrorBody, 404: ErrorBody, 409: ErrorBody, ...authErrors },
  }),
};
