// Strings for the update and offline toasts, merged into the app's i18next resources.
export const pwaResources = {
  en: {
    pwa: {
      region: 'App notifications',
      update: {
        message: 'A new version is available',
        reload: 'Reload',
        later: 'Later',
        reloading: 'Updating…',
      },
      offline: {
        message: 'You are offline. Pages you have not opened before, and some actions, wait for the connection to return.',
        back: 'Back online.',
      },
    },
  },
  zh: {
    pwa: {
      region: '应用通知',
      update: {
        message: '有新版本可用',
        reload: '重新加载',
        later: '稍后',
        reloading: '正在更新…',
      },
      offline: {
        message: '您已离线。未打开过的页面和部分操作需等待网络恢复。',
        back: '网络已恢复。',
      },
    },
  },
} as const;
