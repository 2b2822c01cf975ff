import { cardsLocales } from '@water/contract/texts/cards';
import { Card, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '@/components/page-heading.tsx';
import { addPageTexts } from '@/lib/i18n-pages.ts';
import { useMenuTitle } from '@/lib/menu-title.ts';
import { CardsTab } from '../components/cards-tab.tsx';
import { LiabilitiesTab } from '../components/liabilities-tab.tsx';

addPageTexts('cards', cardsLocales);

/** `finance/card/index`: the water cards in the user's reach, and what each agent owes its cardholders. */
export function WaterCardsPage() {
  const { t } = useTranslation();
  const menuTitle = useMenuTitle();
  return (
    <Card variant="borderless">
      <PageHeading title={menuTitle('Water cards')} />
      <Tabs
        destroyOnHidden={false}
        items={[
          { key: 'cards', label: t('cards.cardsTab'), children: <CardsTab /> },
          { key: 'liabilities', label: t('cards.liabilitiesTab'), children: <LiabilitiesTab /> },
        ]}
      />
    </Card>
  );
}
