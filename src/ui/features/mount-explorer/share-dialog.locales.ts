// Strings of "Share…" in the explorer, English and Chinese; they live under `explorer.share`.
export const shareDialogEn = {
  action: 'Share…',
  title: 'Share “{{name}}”',
  intro: 'Anyone with the link can open this file from its mount; nothing is copied.',
  password: 'Password (optional)',
  expiry: 'Expires',
  expiryOptions: { '1h': 'In 1 hour', '1d': 'In 1 day', '7d': 'In 7 days', '30d': 'In 30 days', never: 'Never' },
  maxViews: 'View limit (0 or empty = unlimited)',
  remark: 'Remark (optional)',
  slug: 'Custom link suffix (optional)',
  slugHint: 'Letters, digits, - and _; left empty, a random one is chosen.',
  submit: 'Create link',
  busy: 'Creating…',
  done: 'Done',
  link: 'Share link',
  problems: {
    slugChars: 'Use only letters, digits, - and _.',
    slugLength: 'At most 50 characters.',
    slugReserved: 'This word is reserved; choose another.',
    slugTaken: 'This link suffix is already taken; choose another.',
    maxViews: 'Enter a whole number, 0 or more.',
  },
} as const;

type Shape<T> = { readonly [K in keyof T]: T[K] extends string ? string : Shape<T[K]> };

export const shareDialogZh: Shape<typeof shareDialogEn> = {
  action: '分享…',
  title: '分享“{{name}}”',
  intro: '任何拥有链接的人都可以从挂载中打开此文件；不会复制文件。',
  password: '密码（可选）',
  expiry: '过期时间',
  expiryOptions: { '1h': '1 小时后', '1d': '1 天后', '7d': '7 天后', '30d': '30 天后', never: '永不过期' },
  maxViews: '查看次数上限（0 或留空 = 不限）',
  remark: '备注（可选）',
  slug: '自定义链接后缀（可选）',
  slugHint: '字母、数字、- 和 _；留空则随机生成。',
  submit: '创建链接',
  busy: '正在创建…',
  done: '完成',
  link: '分享链接',
  problems: {
    slugChars: '只能使用字母、数字、- 和 _。',
    slugLength: '最多 50 个字符。',
    slugReserved: '这是保留词，请换一个。',
    slugTaken: '此链接后缀已被使用，请换一个。',
    maxViews: '请输入 0 或更大的整数。',
  },
};
