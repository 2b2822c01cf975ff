import { Image, Space } from 'antd';
import { useEffect, useState } from 'react';
import { workOrderPhoto } from '../api/work-orders.ts';

/** The photos of an order, fetched with the user's token and shown as thumbnails. */
export function WorkOrderPhotos({ id, names }: { id: number; names: readonly string[] }) {
  const [addresses, setAddresses] = useState<string[]>([]);
  useEffect(() => {
    let live = true;
    const made: string[] = [];
    void Promise.all(names.map((name) => workOrderPhoto(id, name).catch(() => ''))).then((urls) => {
      made.push(...urls.filter(Boolean));
      if (live) setAddresses(made);
    });
    return () => {
      live = false;
      for (const url of made) URL.revokeObjectURL(url);
    };
  }, [id, names]);
  return (
    <Space wrap>
      {addresses.map((url) => (
        <Image key={url} src={url} width={72} height={72} style={{ objectFit: 'cover' }} />
      ))}
    </Space>
  );
}
