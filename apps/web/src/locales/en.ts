import { APP_TITLE, SIDEBAR_TITLE } from '@water/contract/constants';

export const en = {
  app: {
    title: APP_TITLE.en,
    sidebarTitle: SIDEBAR_TITLE.en,
    loading: 'Loading',
  },
  language: {
    label: 'Language',
    en: 'English',
    zhCN: '简体中文',
  },
  route: {
    login: 'Login',
    findPassword: 'Find password',
    publicity: 'Publicity',
    notFound: 'Page not found',
    unauthorized: 'No permission',
    dashboard: 'Home',
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
    submit: 'Log in',
    submitting: 'Logging in…',
  },
  topBar: {
    welcome: 'Welcome, {{name}}',
    logout: 'Log out',
    logoutTitle: 'Log out',
    logoutConfirm: 'Are you sure you want to log out of the system?',
    confirm: 'OK',
    cancel: 'Cancel',
  },
  dashboard: {
    heading: 'Home',
    intro: 'You are signed in to the {{title}}.',
    account: 'Your account',
    username: 'Username',
    nickName: 'Nickname',
    dept: 'Department',
    roles: 'Roles',
    none: 'None',
  },
  pages: {
    backHome: 'Back to home',
    backToLogin: 'Back to login',
    notFound: 'Sorry, the page you visited does not exist.',
    unauthorized: 'Sorry, you do not have permission to view this page.',
    findPassword:
      'Password recovery by email is not available yet. Please ask an administrator to reset your password.',
    publicity: 'There is no public announcement at the moment.',
  },
  errors: {
    requestFailed: 'interface request failed',
    timeout: 'network request timed out',
    sessionExpiredTitle: 'System prompt',
    sessionExpired: 'Login status has expired, you can stay on this page or log in again',
    loginAgain: 'Log in again',
    cancel: 'Cancel',
    userLoadFailed: 'Your account could not be loaded',
    retry: 'Retry',
  },
};

/** The shape every language provides: the English keys, any text. */
type Texts<T> = { [K in keyof T]: T[K] extends string ? string : Texts<T[K]> };
export type Messages = Texts<typeof en>;
