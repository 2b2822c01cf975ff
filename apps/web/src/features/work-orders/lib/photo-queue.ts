import { createStore, del, entries, set, type UseStore } from 'idb-keyval';
import { ApiError } from '@/lib/api-error.ts';

/** A photo taken on an order while the network was down, kept on the phone until it uploads. */
export interface WaitingPhoto {
  key: string;
  orderId: number;
  filename: string;
  blob: Blob;
  takenAt: number;
}

let store: UseStore | undefined;
/** The phone's own database (IndexedDB), opened on first use: photos survive a reload or a closed tab. */
const photos = () => {
  store ??= createStore('water-console-photos', 'waiting');
  return store;
};

/** Whether an upload failed for want of a network (or timed out), rather than being refused. */
export const isNetworkFailure = (error: unknown) =>
  error instanceof ApiError ? error.kind === 'network' || error.kind === 'timeout' : error instanceof TypeError;

export const photoQueue = {
  async add(orderId: number, blob: Blob, filename: string): Promise<WaitingPhoto> {
    const photo = {
      key: `${orderId}:${Date.now()}:${Math.random().toString(36).slice(2)}`,
      orderId,
      filename,
      blob,
      takenAt: Date.now(),
    };
    await set(photo.key, photo, photos());
    return photo;
  },

  /** The photos of an order still waiting, oldest first. */
  async of(orderId: number): Promise<WaitingPhoto[]> {
    const all = await entries<string, WaitingPhoto>(photos());
    return all
      .map(([, photo]) => photo)
      .filter((photo) => photo.orderId === orderId)
      .sort((a, b) => a.takenAt - b.takenAt);
  },

  async remove(key: string): Promise<void> {
    await del(key, photos());
  },
};

/**
 * Uploads an order's waiting photos, oldest first, until the network fails again; a photo the
 * server refuses (too large, not an image) is dropped so that it does not block the rest.
 * Answers each photo uploaded with its stored name, and those refused.
 */
export async function sendWaiting(
  orderId: number,
  upload: (blob: Blob, filename: string) => Promise<string>,
): Promise<{ sent: { photo: WaitingPhoto; name: string }[]; refused: WaitingPhoto[] }> {
  const sent: { photo: WaitingPhoto; name: string }[] = [];
  const refused: WaitingPhoto[] = [];
  for (const photo of await photoQueue.of(orderId)) {
    try {
      const name = await upload(photo.blob, photo.filename);
      sent.push({ photo, name });
    } catch (error) {
      if (isNetworkFailure(error)) break;
      refused.push(photo);
    }
    await photoQueue.remove(photo.key);
  }
  return { sent, refused };
}
