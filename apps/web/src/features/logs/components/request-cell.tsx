import { Tag, Typography } from 'antd';

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
    <span style={{ whiteSpace: 'nowrap' }}>
      <Tag color={METHOD_COLOURS[verb]} style={{ marginInlineEnd: 6 }}>
        {verb}
      </Tag>
      <Typography.Text code>{path}</Typography.Text>
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
