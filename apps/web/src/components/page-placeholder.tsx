import { Card, Flex, Input, Typography } from 'antd';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useMenuTitle } from '../lib/menu-title.ts';
import styles from './page-placeholder.module.css';

const ROWS = Array.from({ length: 40 }, (_, index) => index + 1);

/**
 * A console page whose tools are not built yet: says so plainly. The scratch field and the
 * scrollable rows show whether the tab keeps its state (pages whose menu has `cache`).
 */
export function PagePlaceholder({ title }: { title: string }) {
  const { t } = useTranslation();
  const menuTitle = useMenuTitle();
  const noteId = useId();
  const rowsId = useId();
  return (
    <Card>
      <Typography.Title level={2} style={{ marginTop: 0 }}>
        {menuTitle(title)}
      </Typography.Title>
      <Typography.Paragraph strong>{t('placeholder.building')}</Typography.Paragraph>
      <Typography.Paragraph type="secondary">{t('placeholder.hint')}</Typography.Paragraph>
      <Flex vertical gap={8} style={{ maxWidth: 480 }}>
        <label htmlFor={noteId}>{t('placeholder.note')}</label>
        <Input id={noteId} autoComplete="off" />
        <Typography.Text id={rowsId} style={{ marginTop: 8 }}>
          {t('placeholder.rows')}
        </Typography.Text>
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard. */}
        <ul className={styles.rows} aria-labelledby={rowsId} tabIndex={0}>
          {ROWS.map((index) => (
            <li key={index}>{t('placeholder.row', { index })}</li>
          ))}
        </ul>
      </Flex>
    </Card>
  );
}
