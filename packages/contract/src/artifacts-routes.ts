import { Artifact, ArtifactQuery, ArtifactUploadQuery, ARTIFACT_PERMISSIONS as P } from './artifacts.ts';
import { authErrors, ErrorBody, IdRef, Page } from './common.ts';
import { defineRoute, FileReply } from './route.ts';

const tags = ['operations'];
/** Whoever may list either kind, which the list narrows to the kinds the caller may list. */
const listers = [P.deploy.list, P.database.list] as const;

/**
 * eladmin-web's deploy and database pages upload here (multipart field "file"; its other form
 * fields are ignored). What is uploaded is kept, never run.
 */
export const artifactRoutes = {
  uploadDeploy: defineRoute({
    method: 'POST',
    path: '/api/deploy/upload',
    summary: 'Keep a deployment package as its next version (multipart field "file"); it is never run',
    tags,
    permission: [P.deploy.add],
    query: ArtifactUploadQuery,
    upload: 'file',
    replies: { 201: Artifact, 400: ErrorBody, 413: ErrorBody, ...authErrors },
  }),
  uploadDatabase: defineRoute({
    method: 'POST',
    path: '/api/database/upload',
    summary: 'Keep a database script as its next version (multipart field "file"); it is never run',
    tags,
    permission: [P.database.add],
    query: ArtifactUploadQuery,
    upload: 'file',
    replies: { 201: Artifact, 400: ErrorBody, 413: ErrorBody, ...authErrors },
  }),
  list: defineRoute({
    method: 'GET',
    path: '/api/artifacts',
    summary: 'Uploaded packages and scripts, newest first, of the kinds the caller may list',
    tags,
    permission: listers,
    query: ArtifactQuery,
    replies: { 200: Page(Artifact), 400: ErrorBody, ...authErrors },
  }),
  file: defineRoute({
    method: 'GET',
    path: '/api/artifacts/:id/file',
    summary: 'Download an uploaded package or script',
    tags,
    permission: listers,
    params: IdRef,
    replies: { 200: FileReply(), 400: ErrorBody, 404: ErrorBody, ...authErrors },
  }),
};
