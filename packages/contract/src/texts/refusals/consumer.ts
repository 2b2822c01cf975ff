/** Refusals of the consumer's page (under `errors.consumer`). */
export const consumerRefusals = {
  en: {
    consumer: {
      noMachine: 'There is no machine with this code',
      photoNotImage: 'The photo must be a jpeg, png or webp image',
      tooMany: 'Too many requests; please try again in a while',
    },
  },
  zh: {
    consumer: {
      noMachine: '没有这个编码的设备',
      photoNotImage: '照片必须是 jpeg、png 或 webp 图片',
      tooMany: '请求太频繁，请稍后再试',
    },
  },
};
