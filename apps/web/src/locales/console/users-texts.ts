import { usersLocales } from '@water/contract/texts/users';
import { addPageTexts } from '@/lib/i18n-pages.ts';

// The users' texts (the users page, the personal center, the password forms): imported for its
// effect by the modules that show them, so that they travel with those pages, not with the shell.
addPageTexts('users', usersLocales);
