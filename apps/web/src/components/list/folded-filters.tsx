import { FilterOutlined, ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, Drawer, Flex } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './search-bar.module.css';

/** The button a phone shows for the filters it keeps out of the way, with how many apply now. */
export function FiltersButton({ active, onOpen }: { active: number; onOpen: () => void }) {
  const { t } = useTranslation();
  return (
    <Button icon={<FilterOutlined aria-hidden />} aria-haspopup="dialog" onClick={onOpen}>
      {active > 0 ? t('list.moreFiltersActive', { count: active }) : t('list.moreFilters')}
    </Button>
  );
}

interface FiltersDrawerProps {
  open: boolean;
  onClose: () => void;
  /** The folded fields: of the search bar's form, drawn in a drawer over the page. */
  children: ReactNode;
  onSearch: () => void;
  onReset: () => void;
}

/**
 * The filters a phone keeps out of the way, in a drawer with Search and Reset. Its fields stay in
 * the search bar's form while the drawer is shut, so a search from the bar still applies them.
 */
export function FiltersDrawer({ open, onClose, children, onSearch, onReset }: FiltersDrawerProps) {
  const { t } = useTranslation();
  return (
    <Drawer title={t('list.filters')} size="min(360px, 100vw)" open={open} onClose={onClose} forceRender>
      {/* The drawer is outside the search bar's form on the page: Enter in a field searches through this one. */}
      <form
        className={`${styles.bar} ${styles.sheet}`}
        onSubmit={(event) => {
          event.preventDefault();
          // Not also to the search bar's form, around the drawer where React sees it: one search.
          event.stopPropagation();
          onSearch();
        }}
      >
        {children}
        <Flex gap={8} justify="end">
          <Button icon={<ReloadOutlined aria-hidden />} onClick={onReset}>
            {t('list.reset')}
          </Button>
          <Button type="primary" htmlType="submit" icon={<SearchOutlined aria-hidden />}>
            {t('list.search')}
          </Button>
        </Flex>
      </form>
    </Drawer>
  );
}
