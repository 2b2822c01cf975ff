import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-error.ts';
import { isNetworkFailure, photoQueue, sendWaiting } from './photo-queue.ts';

const photo = (text: string) => new Blob([text], { type: 'image/png' });

describe('photos kept on the phone while the network is down', () => {
  it('keeps them per order until they upload, oldest first, and forgets each one sent', async () => {
    await photoQueue.add(31, photo('a'), 'valve.png');
    await photoQueue.add(32, photo('b'), 'other-order.png');
    await photoQueue.add(31, photo('c'), 'filter.png');
    expect((await photoQueue.of(31)).map((kept) => kept.filename)).toEqual(['valve.png', 'filter.png']);

    // Still no network: nothing is sent, nothing is lost.
    const down = await sendWaiting(31, () => Promise.reject(new ApiError(0, 'No answer', 'network')));
    expect(down).toEqual({ sent: [], refused: [] });
    expect(await photoQueue.of(31)).toHaveLength(2);

    // Back: each is uploaded with its bytes and name, and forgotten.
    const uploaded: string[] = [];
    const back = await sendWaiting(31, async (blob, filename) => {
      uploaded.push(`${filename}:${await blob.text()}`);
      return `stored-${filename}`;
    });
    expect(uploaded).toEqual(['valve.png:a', 'filter.png:c']);
    expect(back.sent.map((sent) => sent.name)).toEqual(['stored-valve.png', 'stored-filter.png']);
    expect(await photoQueue.of(31)).toEqual([]);
    expect(await photoQueue.of(32)).toHaveLength(1);
  });

  it('drops a photo the server refuses so that it does not hold back the others', async () => {
    await photoQueue.add(40, photo('huge'), 'huge.png');
    await photoQueue.add(40, photo('ok'), 'ok.png');
    const result = await sendWaiting(40, async (_blob, filename) => {
      if (filename === 'huge.png') throw new ApiError(413, 'File too large');
      return 'stored-ok';
    });
    expect(result.refused.map((kept) => kept.filename)).toEqual(['huge.png']);
    expect(result.sent.map((sent) => sent.name)).toEqual(['stored-ok']);
    expect(await photoQueue.of(40)).toEqual([]);
  });

  it('tells a missing network from a refusal', () => {
    expect(isNetworkFailure(new ApiError(0, 'No answer', 'network'))).toBe(true);
    expect(isNetworkFailure(new ApiError(0, 'Timed out', 'timeout'))).toBe(true);
    expect(isNetworkFailure(new ApiError(413, 'File too large'))).toBe(false);
  });
});
