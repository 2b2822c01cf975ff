import { authErrors, ErrorBody, IdRef, Page } from './common.ts';
import {
  FIRMWARE_PERMISSIONS,
  FirmwarePackage,
  FirmwarePackageQuery,
  FirmwareUpdate,
  FirmwareUpdateQuery,
  FirmwareUploadQuery,
  Rollout,
  RolloutActionRef,
  RolloutInput,
  RolloutQuery,
} from './firmware.ts';
import { FirmwareDownloadQuery, FirmwareDownloadRef, GATEWAY_PREFIX } from './gateway.ts';
import { DEVICE_PERMISSIONS } from './machines.ts';
import { defineRoute, FileReply } from './route.ts';

const tags = ['firmware'];
const P = [FIRMWARE_PERMISSIONS.firmware] as const;

/** Firmware packages and their rollouts, for staff who hold device:firmware. */
export const firmwareRoutes = {
  upload: defineRoute({
    method: 'POST',
    path: '/api/firmware/packages',
    summary: 'Upload a firmware package of a machine model (multipart field "file"); the server computes its SHA-256',
    tags,
    permission: P,
    query: FirmwareUploadQuery,
    upload: 'file',
    replies: { 201: FirmwarePackage, 400: ErrorBody, 404: ErrorBody, 413: ErrorBody, ...authErrors },
  }),
  packages: defineRoute({
    method: 'GET',
    path: '/api/firmware/packages',
    summary: 'Firmware packages, newest first',
    tags,
    permission: P,
    query: FirmwarePackageQuery,
    replies: { 200: Page(FirmwarePackage), 400: ErrorBody, ...authErrors },
  }),
  deletePackage: defineRoute({
    method: 'DELETE',
    path: '/api/firmware/packages/:id',
    summary: 'Delete a firmware package no rollout takes',
    tags,
    permission: P,
    params: IdRef,
    replies: { 200: FirmwarePackage, 400: ErrorBody, 404: ErrorBody, 409: ErrorBody, ...authErrors },
  }),
  rollouts: defineRoute({
    method: 'GET',
    path: '/api/firmware/rollouts',
    summary: 'Rollouts, newest first, with their stages’ progress',
    tags,
    permission: P,
    query: RolloutQuery,
    replies: { 200: Page(Rollout), 400: ErrorBody, ...authErrors },
  }),
  rollout: defineRoute({
    method: 'GET',
    path: '/api/firmware/rollouts/:id',
    summary: 'A rollout with its stages’ progress',
    tags,
    permission: P,
    params: IdRef,
    replies: { 200: Rollout, 400: ErrorBody, 404: ErrorBody, ...authErrors },
  }),
  start: defineRoute({
    method: 'POST',
    path: '/api/firmware/rollouts',
    summary: 'Start a rollout of a package to machines of its model, in stages (its first stage goes out at once)',
    tags,
    permission: P,
    body: RolloutInput,
    replies: { 201: Rollout, 400: ErrorBody, 404: ErrorBody, 409: ErrorBody, ...authErrors },
  }),
  act: defineRoute({
    method: 'PUT',
    path: '/api/firmware/rollouts/:id/:action',
    summary: 'Pause, resume, cancel or roll back a rollout (rollback answers the new rollout)',
    tags,
    permission: P,
    params: RolloutActionRef,
    replies: { 200: Rollout, 400: ErrorBody, 404: ErrorBody, 409: ErrorBody, ...authErrors },
  }),
  updates: defineRoute({
    method: 'GET',
    path: '/api/firmware/rollouts/:id/updates',
    summary: 'A rollout’s machines with their updates’ states',
    tags,
    permission: P,
    params: IdRef,
    query: FirmwareUpdateQuery,
    replies: { 200: Page(FirmwareUpdate), 400: ErrorBody, 404: ErrorBody, ...authErrors },
  }),
  machineUpdates: defineRoute({
    method: 'GET',
    path: '/api/machines/:id/firmware-updates',
    summary: 'A machine’s firmware updates, newest first',
    tags,
    permission: [DEVICE_PERMISSIONS.list],
    params: IdRef,
    query: FirmwareUpdateQuery,
    replies: { 200: Page(FirmwareUpdate), 400: ErrorBody, 404: ErrorBody, ...authErrors },
  }),
};

/**
 * A machine downloads its update's package here, through the signed link its FIRMWARE_UPDATE
 * command carries: no session, no signed headers; HTTP Range is answered 206.
 */
export const firmwareDownloadRoutes = {
  download: defineRoute({
    method: 'GET',
    path: `${GATEWAY_PREFIX}/firmware/:packageId/:serialNo`,
    summary: 'Download a firmware package through a signed, expiring link (Range requests answered 206)',
    tags: ['gateway'],
    permission: 'public',
    security: [],
    params: FirmwareDownloadRef,
    query: FirmwareDownloadQuery,
    replies: {
      200: FileReply(['application/octet-stream']),
      206: FileReply(),
      400: ErrorBody,
      403: ErrorBody,
      404: ErrorBody,
    },
  }),
};
