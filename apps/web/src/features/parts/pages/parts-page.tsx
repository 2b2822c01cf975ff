import { partsLocales } from '@water/contract/texts/parts';
import { Card, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '@/components/page-heading.tsx';
import { addPageTexts } from '@/lib/i18n-pages.ts';
import { useMenuTitle } from '@/lib/menu-title.ts';
import { MovementsTab } from '../components/movements-tab.tsx';
import { PartsTab } from '../components/parts-tab.tsx';
import { StockTab } from '../components/stock-tab.tsx';
import { WarehousesTab } from '../components/warehouses-tab.tsx';

addPageTexts('parts', partsLocales);

/** `field/parts/index`: the parts catalogue, stock by warehouse and technician, movements and warehouses. */
export function PartsPage() {
  const { t } = useTranslation();
  const menuTitle = useMenuTitle();
  return (
    <Card variant="borderless">
      <PageHeading title={menuTitle('Parts and stock')} />
      <Tabs
        destroyOnHidden
        items={[
          { key: 'parts', label: t('parts.parts'), children: <PartsTab /> },
          { key: 'stock', label: t('parts.stock'), children: <StockTab /> },
          { key: 'movements', label: t('parts.movements'), children: <MovementsTab /> },
          { key: 'warehouses', label: t('parts.warehouses'), children: <WarehousesTab /> },
        ]}
      />
    </Card>
  );
}
