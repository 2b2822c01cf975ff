import { useQuery } from '@tanstack/react-query';
import type { StoredFile } from '@water/contract/storage';
import type { ListParams } from '@/components/list/list-params.ts';
import { pageQuery } from '@/components/list/page-query.ts';
import { fileKeys } from '@/lib/query-keys.ts';

/** `GET api/file`: stored files, searched by name, filtered by category and upload day, paged and sorted. */
export function filesQuery(params: ListParams) {
  return pageQuery<StoredFile>('api/file', fileKeys.list(params), params);
}

export function useFiles(params: ListParams) {
  return useQuery(filesQuery(params));
}
