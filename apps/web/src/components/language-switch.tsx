import { GlobalOutlined } from '@ant-design/icons';
import { Button, Dropdown, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { changeLanguage } from '@/lib/i18n.ts';
import { LANGUAGES, type Language } from '@/lib/language.ts';

interface LanguageSwitchProps {
  /** Only the icon; the language stays in the accessible name. */
  compact?: boolean;
}

/** English / 中文 in the console's top bar. */
export function LanguageSwitch({ compact = false }: LanguageSwitchProps) {
  const { t, i18n } = useTranslation();
  const names: Record<Language, string> = { en: t('language.en'), 'zh-CN': t('language.zhCN') };
  const current: Language = i18n.language === 'zh-CN' ? 'zh-CN' : 'en';
  const items: MenuProps['items'] = LANGUAGES.map((language) => ({
    key: language,
    label: <span lang={language}>{names[language]}</span>,
  }));

  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items,
        selectable: true,
        selectedKeys: [current],
        onClick: ({ key }) => void changeLanguage(key as Language),
      }}
    >
      <Button type="text" icon={<GlobalOutlined />} aria-label={`${t('language.label')}: ${names[current]}`}>
        {compact ? null : names[current]}
      </Button>
    </Dropdown>
  );
}
