import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import type { FsEntry } from '@shared/api/fs.schema';
import { entryMenuItems, type EntryActions } from './entry-menu';

const nothing = () => undefined;
const actions = (share: EntryActions['share']): EntryActions => ({
  open: nothing,
  download: nothing,
  copyLink: nothing,
  edit: nothing,
  rename: nothing,
  remove: nothing,
  toggleSelect: nothing,
  addToBasket: nothing,
  copy: nothing,
  move: nothing,
  cut: nothing,
  unlock: undefined,
  share,
});
const i18n = i18next.createInstance();
void i18n.init({ lng: 'en', resources: {}, initAsync: false });
const { t } = i18n;
const entry = (change: Partial<FsEntry> = {}): FsEntry => ({
  name: 'a.pdf',
  path: '/local/a.pdf',
  isDirectory: false,
  isMount: false,
  isVirtual: false,
  size: 3,
  modified: null,
  etag: null,
  contentType: 'application/pdf',
  mount_id: 'm1',
  storage_type: 'local',
  ...change,
});
const ids = (item: FsEntry, canWrite: boolean, share: EntryActions['share']) =>
  entryMenuItems(item, { canWrite, selected: false, t, actions: actions(share) }).map((i) => i.id);

describe('"Share…" in the entry menu', () => {
  it('follows "Copy link" on a file the caller may change and share', () => {
    const shared: FsEntry[] = [];
    const items = entryMenuItems(entry(), {
      canWrite: true,
      selected: false,
      t,
      actions: actions((file) => shared.push(file)),
    });
    expect(items.map((i) => i.id).slice(0, 4)).toEqual(['open', 'download', 'copy-link', 'share']);
    items.find((i) => i.id === 'share')?.run();
    expect(shared.map((file) => file.path)).toEqual(['/local/a.pdf']);
  });

  it('is absent for folders, read-only callers and keys without the file permission', () => {
    expect(ids(entry({ isDirectory: true }), true, nothing)).not.toContain('share');
    expect(ids(entry(), false, nothing)).not.toContain('share');
    expect(ids(entry(), true, undefined)).not.toContain('share');
  });
});
