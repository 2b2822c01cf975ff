import { APP_TITLE, SIDEBAR_TITLE } from '@water/contract/constants';

/** Texts of the sign-in page and of everything that shows before the console has loaded. */
export const en = {
  app: {
    title: APP_TITLE.en,
    sidebarTitle: SIDEBAR_TITLE.en,
    loading: 'Loading',
  },
  language: {
    label: 'Language',
    en: 'English',
    zhCN: '中文',
  },
  route: {
    login: 'Login',
    findPassword: 'Find password',
    publicity: 'Publicity',
    notFound: 'Page not found',
    unauthorized: 'No permission',
    passwordChange: 'Choose a new password',
  },
  login: {
    subtitle: 'Sign in to continue',
    username: 'Username',
    password: 'Password',
    code: 'Captcha',
    usernameRequired: 'Please enter your username',
    passwordRequired: 'Please enter your password',
    codeRequired: 'Please enter the captcha answer',
    codePlaceholder: 'Answer',
    captchaAlt: 'Captcha',
    refreshCaptcha: 'Get a new captcha',
    captchaUnavailable: 'Captcha unavailable, click to retry',
    rememberMe: 'Remember me',
    forgotPassword: 'Forgot password?',
    passwordReset: 'Your password has been changed. Log in with the new one.',
    submit: 'Log in',
    submitting: 'Logging in…',
    showPassword: 'Show password',
    kicked: 'You were signed out by an administrator. Sign in again to continue.',
    hidePassword: 'Hide password',
  },
  errors: {
    requestFailed: 'interface request failed',
    timeout: 'network request timed out',
    sessionExpiredTitle: 'System prompt',
    sessionExpired: 'Login status has expired, you can stay on this page or log in again',
    loginAgain: 'Log in again',
    cancel: 'Cancel',
    close: 'Close',
    retry: 'Retry',
    menusFailed: 'The menus could not be loaded',
    logout: 'Log out',
  },
};

/** The shape every language provides: the English keys, any text. */
export type Texts<T> = { [K in keyof T]: T[K] extends string ? string : Texts<T[K]> };
export type CoreMessages = Texts<typeof en>;
