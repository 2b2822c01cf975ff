import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { changeLanguage } from '@/lib/i18n.ts';
import { LANGUAGES, type Language } from '@/lib/language.ts';
import './language-menu.css';

const GlobeIcon = () => (
  <svg
    width="14"
    height="14"
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth="1.8"
    aria-hidden="true"
  >
    <circle cx="12" cy="12" r="9.5" />
    <path d="M2.5 12h19M12 2.5c2.6 2.7 3.9 5.9 3.9 9.5s-1.3 6.8-3.9 9.5c-2.6-2.7-3.9-5.9-3.9-9.5s1.3-6.8 3.9-9.5z" />
  </svg>
);

/**
 * The language switch of the pages shown before antd loads (the sign-in page), for dark
 * backgrounds: a button and a small menu, with the keyboard behaviour of a menu button.
 */
export function LanguageMenu() {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const wrapper = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const names: Record<Language, string> = { en: t('language.en'), 'zh-CN': t('language.zhCN') };
  const current: Language = i18n.language === 'zh-CN' ? 'zh-CN' : 'en';

  useEffect(() => {
    if (!open) return;
    wrapper.current?.querySelector<HTMLButtonElement>('[aria-current="true"]')?.focus();
    const onPointer = (event: PointerEvent) => {
      if (!wrapper.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);

  const choose = (language: Language) => {
    setOpen(false);
    trigger.current?.focus();
    void changeLanguage(language);
  };

  const onMenuKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const items = [...event.currentTarget.querySelectorAll<HTMLButtonElement>('button')];
    const index = items.indexOf(document.activeElement as HTMLButtonElement);
    if (event.key === 'Escape') {
      setOpen(false);
      trigger.current?.focus();
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      items[(index + step + items.length) % items.length]?.focus();
    }
  };

  return (
    <div className="language-menu" ref={wrapper}>
      <button
        ref={trigger}
        type="button"
        className="language-menu-trigger"
        aria-label={`${t('language.label')}: ${names[current]}`}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((value) => !value)}
      >
        <GlobeIcon />
        {names[current]}
      </button>
      {open && (
        <div id={menuId} className="language-menu-list" role="menu" tabIndex={-1} onKeyDown={onMenuKey}>
          {LANGUAGES.map((language) => (
            <button
              key={language}
              type="button"
              role="menuitem"
              lang={language}
              aria-current={language === current}
              className={language === current ? 'language-menu-item language-menu-current' : 'language-menu-item'}
              onClick={() => choose(language)}
            >
              {names[language]}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
