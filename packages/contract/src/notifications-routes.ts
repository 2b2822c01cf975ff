import { authErrors, ErrorBody, IdRef, Page } from './common.ts';
import {
  NOTIFY_PERMISSIONS,
  NotifyChannel,
  NotifyChannelInput,
  NotifyDelivery,
  NotifyDeliveryQuery,
  NotifyListQuery,
  NotifyRule,
  NotifyRuleInput,
} from './notifications.ts';
import { defineRoute } from './route.ts';

const tags = ['notifications'];
const LIST = [NOTIFY_PERMISSIONS.list] as const;
const EDIT = [NOTIFY_PERMISSIONS.edit] as const;

/** Notification channels, rules and the delivery log, for staff who hold notify:list / notify:edit. */
export const notificationsRoutes = {
  channels: defineRoute({
    method: 'GET',
    path: '/api/notifications/channels',
    summary: 'Notification channels (addresses holding a key masked, secrets never answered)',
    tags,
    permission: LIST,
    query: NotifyListQuery,
    replies: { 200: Page(NotifyChannel), 400: ErrorBody, ...authErrors },
  }),
  addChannel: defineRoute({
    method: 'POST',
    path: '/api/notifications/channels',
    summary: 'Add a notification channel',
    tags,
    permission: EDIT,
    body: NotifyChannelInput,
    replies: { 201: NotifyChannel, 400: ErrorBody, ...authErrors },
  }),
  editChannel: defineRoute({
    method: 'PUT',
    path: '/api/notifications/channels/:id',
    summary: 'Change a notification channel (an absent address or secret keeps the one kept)',
    tags,
    permission: EDIT,
    params: IdRef,
    body: NotifyChannelInput,
    replies: { 200: NotifyChannel, 400: ErrorBody, 404: ErrorBody, ...authErrors },
  }),
  deleteChannel: defineRoute({
    method: 'DELETE',
    path: '/api/notifications/channels/:id',
    summary: 'Delete a notification channel no rule uses',
    tags,
    permission: EDIT,
    params: IdRef,
    replies: { 200: NotifyChannel, 400: ErrorBody, 404: ErrorBody, 409: ErrorBody, ...authErrors },
  }),
  testChannel: defineRoute({
    method: 'POST',
    path: '/api/notifications/channels/:id/test',
    summary: 'Send a test message on a channel now; answers its delivery (SENT, or FAILED with why)',
    tags,
    permission: EDIT,
    params: IdRef,
    replies: { 200: NotifyDelivery, 400: ErrorBody, 404: ErrorBody, ...authErrors },
  }),
  rules: defineRoute({
    method: 'GET',
    path: '/api/notifications/rules',
    summary: 'Notification rules',
    tags,
    permission: LIST,
    query: NotifyListQuery,
    replies: { 200: Page(NotifyRule), 400: ErrorBody, ...authErrors },
  }),
  addRule: defineRoute({
    method: 'POST',
    path: '/api/notifications/rules',
    summary: 'Add a notification rule',
    tags,
    permission: EDIT,
    body: NotifyRuleInput,
    replies: { 201: NotifyRule, 400: ErrorBody, ...authErrors },
  }),
  editRule: defineRoute({
    method: 'PUT',
    path: '/api/notifications/rules/:id',
    summary: 'Change a notification rule',
    tags,
    permission: EDIT,
    params: IdRef,
    body: NotifyRuleInput,
    replies: { 200: NotifyRule, 400: ErrorBody, 404: ErrorBody, ...authErrors },
  }),
  deleteRule: defineRoute({
    method: 'DELETE',
    path: '/api/notifications/rules/:id',
    summary: 'Delete a notification rule',
    tags,
    permission: EDIT,
    params: IdRef,
    replies: { 200: NotifyRule, 400: ErrorBody, 404: ErrorBody, ...authErrors },
  }),
  deliveries: defineRoute({
    method: 'GET',
    path: '/api/notifications/deliveries',
    summary: 'The delivery log: every message, newest first, with its attempts and result',
    tags,
    permission: LIST,
    query: NotifyDeliveryQuery,
    replies: { 200: Page(NotifyDelivery), 400: ErrorBody, ...authErrors },
  }),
};
