import type { consoleEn } from './console-en.ts';
import type { CoreMessages, en, Texts } from './en.ts';

export type ConsoleMessages = Texts<typeof consoleEn>;
/** Every text key, for typed `t()` calls: the core texts and the console's. */
export type Messages = Texts<typeof en> & ConsoleMessages;
export type { CoreMessages };
