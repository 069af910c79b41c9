// Strings of the shared dialog components.
export const componentResources = {
  en: { dialog: { cancel: 'Cancel' } },
  zh: { dialog: { cancel: '取消' } },
} as const;
