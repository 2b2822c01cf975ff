/** The mails the server sends, in the language of the request that asked for them (merged as `mails`). */
export const mailsLocales = {
  en: {
    reset: {
      subject: 'Reset your password',
      body:
        'Someone asked to reset the password of the account "{{username}}". ' +
        'The code is {{code}}; it is valid for {{minutes}} minutes and works once. ' +
        'If it was not you, ignore this message: your password stays as it is.',
    },
    email: {
      subject: 'Your verification code',
      body: 'Your code to confirm this e-mail address is {{code}}. It is valid for {{minutes}} minutes.',
    },
  },
  zh: {
    reset: {
      subject: '重置密码',
      body:
        '有人申请重置账号「{{username}}」的密码。验证码为 {{code}}，{{minutes}} 分钟内有效，仅可使用一次。' +
        '如果不是您本人操作，请忽略此邮件，您的密码不会改变。',
    },
    email: {
      subject: '您的验证码',
      body: '用于确认此邮箱地址的验证码为 {{code}}，{{minutes}} 分钟内有效。',
    },
  },
};
