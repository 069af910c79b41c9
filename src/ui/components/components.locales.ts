// Strings of the shared components: dialogs and the share link box.
export const componentResources = {
  en: {
    dialog: { cancel: 'Cancel' },
    share: {
      copyLink: 'Copy link',
      copied: 'Copied.',
      failed: 'Could not copy; select the text and copy it yourself.',
      showQr: 'Show QR code',
      hideQr: 'Hide QR code',
      qrAlt: 'QR code for {{url}}',
    },
  },
  zh: {
    dialog: { cancel: '取消' },
    share: {
      copyLink: '复制链接',
      copied: '已复制。',
      failed: '复制失败，请手动选择文本并复制。',
      showQr: '显示二维码',
      hideQr: '隐藏二维码',
      qrAlt: '{{url}} 的二维码',
    },
  },
} as const;
