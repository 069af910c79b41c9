// Strings of the file-request upload page, merged into the app's i18next resources.
export const fileRequestResources = {
  en: {
    fileRequest: {
      title: 'Send files',
      unavailable: {
        notFound: 'There is no file request at this address. Check the link you were given.',
        closed: 'This file request is closed: it takes no more files.',
        expired: 'This file request has expired: it takes no more files.',
        paused: 'This file request is paused for now: try again later.',
      },
      password: {
        title: 'This request is protected',
        intro: 'Enter the password you were given to send files.',
        label: 'Password',
        required: 'Enter the password.',
        submit: 'Continue',
        busy: 'Checking…',
      },
      limits: {
        label: 'Limits',
        files_one: '{{count}} more file of {{max}}',
        files_other: '{{count}} more files of {{max}}',
        total: '{{left}} left of {{max}} in all',
        perFile: 'At most {{size}} per file',
        types: 'Accepted types: {{types}}',
        expires: 'Open until {{when}}',
      },
      name: {
        required: 'Your name (required)',
        optional: 'Your name (optional)',
        first: 'Enter your name to choose files.',
      },
      drop: {
        title: 'Drop files or folders here, or choose files',
        hint: 'Several at once; nothing already in the folder is shown to you.',
        folder: 'Choose a folder…',
      },
      resume_one:
        'An upload of {{count}} file stopped before it finished: choose the same file again to go on where it stopped.',
      resume_other:
        'Uploads of {{count}} files stopped before they finished: choose the same files again to go on where they stopped.',
      files: {
        label: 'Your files',
        progress: 'Progress of {{name}}',
        waiting: 'Waiting',
        uploading: 'Sending: {{percent}} %',
        done: 'Arrived',
        failed: 'Failed: {{message}}',
        resumed: '(resumed)',
      },
      receipt: {
        title: 'Receipt',
        intro_one: '{{count}} file arrived. Keep this list: the SHA-256 lets you prove what you sent.',
        intro_other: '{{count}} files arrived. Keep this list: the SHA-256 lets you prove what you sent.',
        sha256: 'SHA-256',
      },
    },
  },
  zh: {
    fileRequest: {
      title: '发送文件',
      unavailable: {
        notFound: '此地址没有文件请求。请检查您收到的链接。',
        closed: '此文件请求已关闭，不再接收文件。',
        expired: '此文件请求已过期，不再接收文件。',
        paused: '此文件请求暂时停止接收，请稍后再试。',
      },
      password: {
        title: '此请求受密码保护',
        intro: '输入您收到的密码以发送文件。',
        label: '密码',
        required: '请输入密码。',
        submit: '继续',
        busy: '正在检查…',
      },
      limits: {
        label: '限制',
        files_one: '还可发送 {{count}} 个文件（共 {{max}} 个）',
        files_other: '还可发送 {{count}} 个文件（共 {{max}} 个）',
        total: '总量剩余 {{left}}（共 {{max}}）',
        perFile: '每个文件最大 {{size}}',
        types: '接受的类型：{{types}}',
        expires: '开放至 {{when}}',
      },
      name: {
        required: '您的姓名（必填）',
        optional: '您的姓名（可选）',
        first: '请先输入姓名再选择文件。',
      },
      drop: {
        title: '将文件或文件夹拖到此处，或选择文件',
        hint: '可一次选择多个；您看不到文件夹中已有的内容。',
        folder: '选择文件夹…',
      },
      resume_one: '有 {{count}} 个文件的上传未完成：再次选择同一文件即可从中断处继续。',
      resume_other: '有 {{count}} 个文件的上传未完成：再次选择相同文件即可从中断处继续。',
      files: {
        label: '您的文件',
        progress: '{{name}} 的进度',
        waiting: '等待中',
        uploading: '正在发送：{{percent}} %',
        done: '已送达',
        failed: '失败：{{message}}',
        resumed: '（已续传）',
      },
      receipt: {
        title: '回执',
        intro_one: '已送达 {{count}} 个文件。请保留此清单：SHA-256 可以证明您发送的内容。',
        intro_other: '已送达 {{count}} 个文件。请保留此清单：SHA-256 可以证明您发送的内容。',
        sha256: 'SHA-256',
      },
    },
  },
};
