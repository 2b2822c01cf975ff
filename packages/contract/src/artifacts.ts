import Type, { type Static } from 'typebox';
import { CreateTimeRange, DateTime, PageQuery } from './common.ts';

/** What an artifact is: a deployment package (`api/deploy/upload`) or a database script (`api/database/upload`). */
export const ARTIFACT_KINDS = ['deploy', 'database'] as const;
export type ArtifactKind = (typeof ARTIFACT_KINDS)[number];

/** The file extensions each kind accepts (the server judges the content, not only the name). */
export const ARTIFACT_EXTENSIONS: Record<ArtifactKind, readonly string[]> = {
  deploy: ['zip', 'jar', 'gz', 'tar', '7z', 'rar'],
  database: ['sql'],
};

/** The permission to list (and download) and to upload each kind. */
export const ARTIFACT_PERMISSIONS: Record<ArtifactKind, { list: string; add: string }> = {
  deploy: { list: 'deploy:list', add: 'deploy:add' },
  database: { list: 'database:list', add: 'database:add' },
};

const Kind = Type.Union([Type.Literal('deploy'), Type.Literal('database')]);

/** An uploaded package or script, kept as a version; the server never runs it. */
export const Artifact = Type.Object({
  id: Type.Integer(),
  kind: Kind,
  name: Type.String({ description: 'The uploaded file name' }),
  version: Type.Integer({ description: '1 for the first upload of a name, then one more for each' }),
  size: Type.Integer({ description: 'Bytes' }),
  sha256: Type.String({ description: 'Hex SHA-256 of the content' }),
  notes: Type.Union([Type.String(), Type.Null()]),
  url: Type.String({ description: 'Where it downloads: /api/artifacts/<id>/file' }),
  createBy: Type.Union([Type.String(), Type.Null()]),
  createTime: Type.Union([DateTime, Type.Null()]),
});
export type Artifact = Static<typeof Artifact>;

/** `?notes=` of an upload: what the version changes, for whoever deploys it. */
export const ArtifactUploadQuery = Type.Object({
  notes: Type.Optional(Type.String({ maxLength: 500 })),
});
export type ArtifactUploadQuery = Static<typeof ArtifactUploadQuery>;

export const ArtifactQuery = Type.Object({
  ...PageQuery.properties,
  kind: Type.Optional(Kind),
  blurry: Type.Optional(Type.String({ maxLength: 255, description: 'part of the name or notes' })),
  createTime: Type.Optional(CreateTimeRange),
});
export type ArtifactQuery = Static<typeof ArtifactQuery>;
