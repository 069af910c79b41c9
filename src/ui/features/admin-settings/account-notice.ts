// The admin's own session ends when the account changes, so the settings screen unmounts before
// the login screen appears. This flag carries the "log in again" notice across that gap.
const NOTICE_KEY = 'admin_account_changed';

type Store = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export const accountNotice = {
  mark(store: Store): void {
    store.setItem(NOTICE_KEY, '1');
  },
  isMarked(store: Store): boolean {
    return store.getItem(NOTICE_KEY) === '1';
  },
  clear(store: Store): void {
    store.removeItem(NOTICE_KEY);
  },
};
