import { consoleEn } from '@/locales/console-en.ts';
import { consoleZhCN } from '@/locales/console-zh-CN.ts';
import { i18n } from './i18n.ts';

// Imported by the console's root module: its texts arrive with its code, not with the sign-in page.
i18n.addResourceBundle('en', 'translation', consoleEn, true, true);
i18n.addResourceBundle('zh-CN', 'translation', consoleZhCN, true, true);
