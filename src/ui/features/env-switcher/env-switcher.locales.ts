// Strings of the hidden environment switcher.
export const envSwitcherResources = {
  en: {
    envSwitcher: {
      open: 'Backend address',
      title: 'Choose the backend',
      intro: 'Point this app at another Clipdock server. The page reloads after the change.',
      current: 'Now using: {{url}}',
      sameOrigin: 'this site (default)',
      label: 'Backend address',
      hint: 'For example https://clip.example.com',
      save: 'Save and reload',
      reset: 'Reset to default',
      errors: {
        required: 'Enter a backend address.',
        invalid: 'Enter an http:// or https:// address without credentials or query.',
      },
    },
  },
  zh: {
    envSwitcher: {
      open: '后端地址',
      title: '选择后端',
      intro: '将此应用指向另一个 Clipdock 服务器。修改后页面会重新加载。',
      current: '当前使用：{{url}}',
      sameOrigin: '本站（默认）',
      label: '后端地址',
      hint: '例如 https://clip.example.com',
      save: '保存并重新加载',
      reset: '恢复默认',
      errors: {
        required: '请输入后端地址。',
        invalid: '请输入不含凭据和查询参数的 http:// 或 https:// 地址。',
      },
    },
  },
} as const;
