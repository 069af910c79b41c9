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
        message: 'You are offline. Some pages and actions may be unavailable until the connection returns.',
        dismiss: 'Dismiss',
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
        message: '您已离线，在网络恢复之前，部分页面和操作可能无法使用。',
        dismiss: '关闭',
      },
    },
  },
} as const;
