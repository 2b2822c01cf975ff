import { CheckOutlined } from '@ant-design/icons';
import { Divider, Drawer, Switch, Typography } from 'antd';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { setSettingsOpened, useLayout } from '@/lib/layout-state.ts';
import { type DisplaySettings, THEME_PRESETS } from '@/lib/settings/display-settings.ts';
import { changeSetting, useSettings } from '@/lib/settings/settings-store.ts';
import styles from './settings-drawer.module.css';

type Flag = Exclude<keyof DisplaySettings, 'theme'>;

function SettingSwitch({ flag, label }: { flag: Flag; label: string }) {
  const id = useId();
  const checked = useSettings((state) => state[flag]);
  return (
    <div className={styles.row}>
      <label htmlFor={id}>{label}</label>
      <Switch id={id} checked={checked} onChange={(value) => changeSetting(flag, value)} />
    </div>
  );
}

function ThemePicker() {
  const { t } = useTranslation();
  const labelId = useId();
  const theme = useSettings((state) => state.theme);
  return (
    <div>
      <Typography.Text id={labelId}>{t('settings.theme')}</Typography.Text>
      <div className={styles.swatches} role="radiogroup" aria-labelledby={labelId} style={{ marginTop: 10 }}>
        {THEME_PRESETS.map((colour) => {
          const selected = colour.toLowerCase() === theme.toLowerCase();
          return (
            // biome-ignore lint/a11y/useSemanticElements: colour swatches, not text options; they behave as a radio group.
            <button
              key={colour}
              type="button"
              role="radio"
              aria-checked={selected}
              aria-label={t('settings.themeOption', { colour })}
              title={colour}
              className={styles.swatch}
              style={{ background: colour }}
              onClick={() => changeSetting('theme', colour)}
            >
              {selected && <CheckOutlined />}
            </button>
          );
        })}
      </div>
    </div>
  );
}

/** Spec §2: theme colour, tabs, fixed header, logo and unique-opened menu; plus dark mode and footer. */
export function SettingsDrawer() {
  const { t } = useTranslation();
  const open = useLayout((state) => state.settingsOpened);
  return (
    <Drawer
      title={t('settings.title')}
      placement="right"
      size={300}
      open={open}
      onClose={() => setSettingsOpened(false)}
    >
      <Typography.Title level={5} style={{ marginTop: 0 }}>
        {t('settings.appearance')}
      </Typography.Title>
      <ThemePicker />
      <SettingSwitch flag="darkMode" label={t('settings.darkMode')} />
      <Divider />
      <Typography.Title level={5} style={{ marginTop: 0 }}>
        {t('settings.layout')}
      </Typography.Title>
      <SettingSwitch flag="tagsView" label={t('settings.tagsView')} />
      <SettingSwitch flag="fixedHeader" label={t('settings.fixedHeader')} />
      <SettingSwitch flag="sidebarLogo" label={t('settings.sidebarLogo')} />
      <SettingSwitch flag="uniqueOpened" label={t('settings.uniqueOpened')} />
      <SettingSwitch flag="showFooter" label={t('settings.showFooter')} />
      <Typography.Paragraph type="secondary" style={{ marginTop: 16 }}>
        {t('settings.saved')}
      </Typography.Paragraph>
    </Drawer>
  );
}
