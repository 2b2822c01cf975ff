import { useQuery } from '@tanstack/react-query';
import type { RouteListParams } from '@/components/list/list-params.ts';
import { pageQuery } from '@/components/list/page-query.ts';
import { fileKeys } from '@/lib/query-keys.ts';

/** `GET api/file`: stored files, searched by name, filtered by category and upload day, paged and sorted. */
export function filesQuery(params: RouteListParams<'GET /api/file'>) {
  return pageQuery('GET /api/file', fileKeys.list(params), params);
}

export function useFiles(params: RouteListParams<'GET /api/file'>) {
  return useQuery(filesQuery(params));
}
