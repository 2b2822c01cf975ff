import { Tag, Typography } from 'antd';
import { Fragment } from 'react';

const METHOD_COLOURS: Record<string, string> = { POST: 'green', PUT: 'blue', DELETE: 'red', PATCH: 'gold' };

/** `POST /api/dict` as stored: the method and the route path. */
export function splitRequest(method: string | null): { verb: string; path: string } {
  const [verb = '', ...rest] = (method ?? '').split(' ');
  return { verb, path: rest.join(' ') };
}

/** The request of a log entry: its method as a coloured tag, then its path. */
export function RequestCell({ method }: { method: string | null }) {
  const { verb, path } = splitRequest(method);
  if (!verb) return null;
  return (
    <span>
      <Tag color={METHOD_COLOURS[verb]} style={{ marginInlineEnd: 6 }}>
        {verb}
      </Tag>
      {/* A long path breaks at its slashes (anywhere if it must) rather than widening a phone's card. */}
      <Typography.Text code style={{ overflowWrap: 'anywhere' }}>
        {path.split('/').map((part, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one path, in their order
          <Fragment key={index}>
            {index > 1 && <wbr />}
            {index > 0 && '/'}
            {part}
          </Fragment>
        ))}
      </Typography.Text>
    </span>
  );
}

/** The parameters as sent (secrets already masked by the server), pretty-printed when they are JSON. */
export function formatParams(params: string | null): string | undefined {
  if (!params) return undefined;
  try {
    return JSON.stringify(JSON.parse(params), null, 2);
  } catch {
    return params;
  }
}
