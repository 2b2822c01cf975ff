import type { CardState } from '@water/contract/cards';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const COLORS: Record<CardState, string> = { ACTIVE: 'success', FROZEN: 'warning', REISSUED: 'default' };

/** A card's state, in the console's language. */
export function CardStateTag({ state }: { state: CardState }) {
  const { t } = useTranslation();
  return <Tag color={COLORS[state]}>{t(`cards.states.${state}`)}</Tag>;
}
