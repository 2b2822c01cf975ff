import { useQuery } from '@tanstack/react-query';
import type { RouteListParams } from '@/components/list/list-params.ts';
import { pageQuery } from '@/components/list/page-query.ts';
import { artifactKeys } from '@/lib/query-keys.ts';

/** `GET api/artifacts`: uploaded packages or scripts of one kind, searched by name or notes, newest first. */
export function artifactsQuery(params: RouteListParams<'GET /api/artifacts'>) {
  return pageQuery('GET /api/artifacts', artifactKeys.list(params), params);
}

export function useArtifacts(params: RouteListParams<'GET /api/artifacts'>) {
  return useQuery(artifactsQuery(params));
}
