/** Refusals of the fleet map's AMap proxy (under `errors.map`). */
export const mapRefusals = {
  en: {
    map: {
      amapOff: 'No AMap security code is set on the server (AMAP_SECURITY_CODE): nothing is forwarded to AMap',
      amapPath: 'Not an AMap web service path',
      amapFailed: 'AMap did not answer',
    },
  },
  zh: {
    map: {
      amapOff: '服务器未配置高德安全密钥（AMAP_SECURITY_CODE），不转发高德请求',
      amapPath: '不是高德 Web 服务的路径',
      amapFailed: '高德服务没有响应',
    },
  },
};
