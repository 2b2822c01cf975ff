import { i18n } from '@/lib/i18n.ts';
import { consoleEn } from '@/locales/console-en.ts';
import { consoleZhCN } from '@/locales/console-zh-CN.ts';
import '@/locales/console/users-texts.ts';

// Tests render console components without the console root: both languages' texts, at once.
i18n.addResourceBundle('en', 'translation', consoleEn, true, true);
i18n.addResourceBundle('zh-CN', 'translation', consoleZhCN, true, true);
