// Strings of the dashboard module.
export const dashboardResources = {
  en: {
    dashboard: {
      refresh: 'Refresh',
      notices: {
        label: 'Setup warnings',
        'untrusted-proxy': {
          title: 'Requests arrive through a proxy, but TRUST_PROXY is off',
          body: 'Every visitor then shares the proxy’s address, so one visitor’s failed sign-ins and password guesses slow everyone down. If this proxy is yours, set TRUST_PROXY=true and restart the server.',
        },
      },
      counts: {
        label: 'Totals',
        pastes: 'Text shares',
        files: 'Files',
        apiKeys: 'API keys',
        storageConfigs: 'Storage configs',
        thumbnailQueue: 'Thumbnails to make',
      },
      storage: {
        title: 'Storage used',
        total: '{{used}} stored in total',
        empty: 'No storage configurations yet.',
        ofQuota: '{{used}} of {{quota}} ({{percent}})',
        noQuota: '{{used}} used, no quota set',
        files: '{{count}} files',
        usageLabel: 'Storage used on {{name}}',
      },
      cache: {
        title: 'Cache hit rates',
        directory: 'Directory listings',
        s3Url: 'Storage URLs',
        search: 'Search',
        rateLabel: 'Hit rate of {{name}}',
        clear: 'Clear all caches',
        clearing: 'Clearing…',
        cleared: 'Caches cleared ({{count}} entries).',
      },
      activity: {
        title: 'Last 7 days',
        pastes: 'Text shares',
        files: 'Files',
        chartLabel: 'Bar chart of text shares and files created per day over the last 7 days',
        empty: 'Nothing was created in the last 7 days.',
        day: 'Day',
      },
    },
  },
  zh: {
    dashboard: {
      refresh: '刷新',
      notices: {
        label: '配置警告',
        'untrusted-proxy': {
          title: '请求经由代理到达，但 TRUST_PROXY 未开启',
          body: '所有访问者因此共用代理的地址，一位访问者的登录失败和密码猜测会拖慢所有人。如果该代理由您部署，请设置 TRUST_PROXY=true 并重启服务器。',
        },
      },
      counts: {
        label: '总计',
        pastes: '文本分享',
        files: '文件',
        apiKeys: 'API 密钥',
        storageConfigs: '存储配置',
        thumbnailQueue: '待生成缩略图',
      },
      storage: {
        title: '存储用量',
        total: '共存储 {{used}}',
        empty: '还没有存储配置。',
        ofQuota: '{{used}} / {{quota}}（{{percent}}）',
        noQuota: '已用 {{used}}，未设置配额',
        files: '{{count}} 个文件',
        usageLabel: '{{name}} 的存储用量',
      },
      cache: {
        title: '缓存命中率',
        directory: '目录列表',
        s3Url: '存储 URL',
        search: '搜索',
        rateLabel: '{{name}}的命中率',
        clear: '清除全部缓存',
        clearing: '正在清除…',
        cleared: '缓存已清除（{{count}} 条）。',
      },
      activity: {
        title: '最近 7 天',
        pastes: '文本分享',
        files: '文件',
        chartLabel: '最近 7 天每日创建的文本分享和文件数量柱状图',
        empty: '最近 7 天没有新建内容。',
        day: '日期',
      },
    },
  },
} as const;
