import { APP_TITLE, SIDEBAR_TITLE } from '@water/contract/constants';
import type { CoreMessages } from './en.ts';

export const zhCN: CoreMessages = {
  app: {
    title: APP_TITLE.zh,
    sidebarTitle: SIDEBAR_TITLE.zh,
    loading: '加载中',
  },
  language: {
    label: '语言',
    en: 'English',
    zhCN: '中文',
  },
  route: {
    login: '登录',
    findPassword: '找回密码',
    publicity: '公示页',
    notFound: '页面不存在',
    unauthorized: '没有权限',
    passwordChange: '设置新密码',
  },
  login: {
    subtitle: '登录以继续',
    username: '用户名',
    password: '密码',
    code: '验证码',
    usernameRequired: '请输入用户名',
    passwordRequired: '请输入密码',
    codeRequired: '请输入验证码',
    codePlaceholder: '计算结果',
    captchaAlt: '验证码',
    refreshCaptcha: '换一张验证码',
    captchaUnavailable: '验证码加载失败，点击重试',
    rememberMe: '记住我',
    forgotPassword: '忘记密码？',
    submit: '登录',
    submitting: '登录中…',
    showPassword: '显示密码',
    hidePassword: '隐藏密码',
  },
  errors: {
    requestFailed: '接口请求失败',
    timeout: '网络请求超时',
    sessionExpiredTitle: '系统提示',
    sessionExpired: '登录状态已过期，您可以继续留在该页面，或者重新登录',
    loginAgain: '重新登录',
    cancel: '取消',
    close: '关闭',
    retry: '重试',
    menusFailed: '菜单加载失败',
    logout: '退出登录',
  },
};
