import { type DeleteByIdsKey, sendRequest } from './call-api.ts';

/** `DELETE <path>` with the ids as body, how the server deletes rows of every list. */
export async function deleteByIds(key: DeleteByIdsKey, ids: readonly number[]): Promise<void> {
  await sendRequest(key, { body: ids });
}
