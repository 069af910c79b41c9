// Strings of the file previews, shared by the share page and the mount explorer (each bundle that
// shows a preview merges these).
export const previewResources = {
  en: {
    preview: {
      label: 'Preview',
      none: 'No preview for this file type. Download it to open it.',
      loading: 'Loading preview…',
      failed: 'The preview could not be loaded.',
      truncated: 'Only the first {{size}} is shown. Download the file to see all of it.',
      tooComplex: 'This file is too complex to format, so it is shown as plain text.',
      busy: 'The server is busy, so this file is shown as plain text. Reload the page to try again.',
      pdfTitle: 'PDF preview of {{name}}',
      officeTitle: 'Office preview of {{name}}',
      provider: 'Viewer',
      providers: { microsoft: 'Microsoft Office Online', google: 'Google Docs' },
      officeNote: 'Office files open in an outside viewer, which fetches the file through a temporary link.',
    },
  },
  zh: {
    preview: {
      label: '预览',
      none: '此文件类型无法预览，请下载后打开。',
      loading: '正在加载预览…',
      failed: '无法加载预览。',
      truncated: '仅显示前 {{size}}，请下载文件查看全部内容。',
      tooComplex: '此文件过于复杂，无法排版，因此以纯文本显示。',
      busy: '服务器繁忙，此文件以纯文本显示。请刷新页面重试。',
      pdfTitle: '{{name}} 的 PDF 预览',
      officeTitle: '{{name}} 的 Office 预览',
      provider: '查看器',
      providers: { microsoft: 'Microsoft Office Online', google: 'Google 文档' },
      officeNote: 'Office 文件在外部查看器中打开，查看器通过临时链接获取文件。',
    },
  },
} as const;
