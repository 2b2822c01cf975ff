import { Badge } from 'antd';

interface OnlineBadgeProps {
  online: boolean;
  /** The word for either state, from the texts of the page that shows it. */
  words: { online: string; offline: string };
}

/** Whether a machine is connected now: a green dot or a grey one, and the word. */
export function OnlineBadge({ online, words }: OnlineBadgeProps) {
  return <Badge status={online ? 'success' : 'default'} text={online ? words.online : words.offline} />;
}
