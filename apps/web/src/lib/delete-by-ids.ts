import { apiClient } from './api-client.ts';

/** `DELETE <url>` with the ids as body, how the server deletes rows of every list. */
export async function deleteByIds(url: string, ids: readonly number[]): Promise<void> {
  await apiClient.delete(url, { data: ids });
}
