// File names come from users and are shown to other users: control characters (NUL included)
// and bidirectional overrides, which can make "gnp.exe" display as "exe.png", never stay.
const unsafe = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/g;

/** The name with control, invisible and direction-override characters removed; `file` when nothing is left. */
export function cleanFilename(name: string): string {
  return name.replace(unsafe, '').trim() || 'file';
}
