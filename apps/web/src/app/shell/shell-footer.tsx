import { useTranslation } from 'react-i18next';
import { useGlobalSetting } from '@/lib/global-setting-store.ts';
import { useAppTitle } from '../use-document-title.ts';
import styles from './basic-layout.module.css';

/** Footer text and case number: the global settings override the built-in text. */
export function ShellFooter() {
  const { t } = useTranslation();
  const appTitle = useAppTitle();
  const footerTxt = useGlobalSetting((state) => state.setting.footerTxt);
  const caseNumber = useGlobalSetting((state) => state.setting.caseNumber);
  return (
    <footer className={styles.footer}>
      <span>{footerTxt ?? t('footer.text', { year: new Date().getFullYear(), title: appTitle })}</span>
      {caseNumber && (
        <a href="https://beian.miit.gov.cn/" target="_blank" rel="noopener noreferrer">
          {caseNumber}
        </a>
      )}
    </footer>
  );
}
