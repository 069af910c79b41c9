// Strings of Move in the mount explorer (cut and paste, drag and drop, "Move to…"), English and
// Chinese; the Chinese shape must match. They join the explorer's bundle as `explorer.move`.
const en = {
  menu: 'Move to…',
  cut: 'Cut',
  paste: 'Paste here',
  titleOne: 'Move {{name}} to…',
  title: 'Move {{count}} items to…',
  target: 'Into: {{folder}}',
  noFolders: 'No folders here. The move can go into this folder.',
  intoItself: 'A folder cannot be moved into itself.',
  chooseMount: 'Open a mount to move into it.',
  skipExisting: 'Where a different file already has the name, keep both where they are',
  submit: 'Move here',
  started: 'Move started. Follow it in the task panel.',
  cutDone_one: '{{count}} item cut. Open a folder and press Ctrl+V (or use “Paste here”) to move it there.',
  cutDone_other: '{{count}} items cut. Open a folder and press Ctrl+V (or use “Paste here”) to move them there.',
  alreadyHere: 'These items are already in this folder.',
  cannotHere: 'Nothing can be moved here: this folder is read only or above the mounts.',
  dropHint: 'Drop to move into {{folder}}',
  fail: {
    conflict: 'Not moved: something is already at the target or in the way. The file stays where it was.',
    notFound: 'Not moved: the file is gone from its folder.',
    forbidden: 'Not moved: this API key may not change that folder.',
    tooLarge: 'Not moved: the target storage is full or refuses files this large.',
    storage: 'Not moved: a storage could not be reached. The file stays where it was; try again.',
    other: 'Not moved: the file stays where it was; try again.',
  },
} as const;

type Shape<T> = { readonly [K in keyof T]: T[K] extends string ? string : Shape<T[K]> };

const zh: Shape<typeof en> = {
  menu: '移动到…',
  cut: '剪切',
  paste: '粘贴到此处',
  titleOne: '将 {{name}} 移动到…',
  title: '将 {{count}} 项移动到…',
  target: '移动到：{{folder}}',
  noFolders: '此处没有文件夹，可以移动到当前文件夹。',
  intoItself: '文件夹不能移动到其自身之中。',
  chooseMount: '请打开一个挂载点再移入。',
  skipExisting: '目标处已有同名的不同文件时，两者都保持原位',
  submit: '移动到此处',
  started: '已开始移动，可在任务面板中查看进度。',
  cutDone_one: '已剪切 {{count}} 项。打开一个文件夹后按 Ctrl+V（或选择“粘贴到此处”）即可移入。',
  cutDone_other: '已剪切 {{count}} 项。打开一个文件夹后按 Ctrl+V（或选择“粘贴到此处”）即可移入。',
  alreadyHere: '这些项目已在此文件夹中。',
  cannotHere: '无法移到此处：此文件夹为只读，或位于挂载点之上。',
  dropHint: '松开即可移动到 {{folder}}',
  fail: {
    conflict: '未移动：目标处已有内容或被占用，文件仍在原处。',
    notFound: '未移动：文件已不在原文件夹中。',
    forbidden: '未移动：此 API 密钥无权更改该文件夹。',
    tooLarge: '未移动：目标存储已满，或不接受这么大的文件。',
    storage: '未移动：无法连接存储，文件仍在原处，请重试。',
    other: '未移动：文件仍在原处，请重试。',
  },
};

export const moveStrings = { en, zh };
