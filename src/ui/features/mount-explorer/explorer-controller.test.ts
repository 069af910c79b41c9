import { describe, expect, it } from 'vitest';
import { explorerUi, initialExplorerUi, type ExplorerUi, type ExplorerUiEvent } from './explorer-controller';

const menu = { x: 1, y: 2, label: 'More', items: [] };
const run = (events: ExplorerUiEvent[], from: ExplorerUi = initialExplorerUi) => events.reduce(explorerUi, from);

describe('the explorer controller', () => {
  it('toggles an entry in and out of the selection, and replaces or clears it whole', () => {
    const one = run([
      { type: 'select.toggle', path: '/a' },
      { type: 'select.toggle', path: '/b' },
    ]);
    expect([...one.selected]).toEqual(['/a', '/b']);
    expect([...run([{ type: 'select.toggle', path: '/a' }], one).selected]).toEqual(['/b']);
    expect([...run([{ type: 'select.only', paths: ['/c'] }], one).selected]).toEqual(['/c']);
    expect(run([{ type: 'select.only', paths: [] }], one).selected.size).toBe(0);
  });

  it('drops entries that left the folder from the selection and keeps the others', () => {
    const state = run([
      { type: 'select.only', paths: ['/a', '/b', '/c'] },
      { type: 'select.drop', paths: new Set(['/b', '/gone']) },
    ]);
    expect([...state.selected]).toEqual(['/a', '/c']);
  });

  it('closes the dialog and clears the selection when a copy or a move starts, and says so', () => {
    const state = run([
      { type: 'select.only', paths: ['/a'] },
      { type: 'dialog', dialog: { kind: 'mkdir' } },
      { type: 'task.started', notice: { text: 'Copy started', error: false } },
    ]);
    expect(state).toEqual({
      selected: new Set(),
      dialog: null,
      menu: null,
      notice: { text: 'Copy started', error: false },
    });
  });

  it('carries no selection, menu or notice into another folder, and leaves an open dialog alone', () => {
    const state = run([
      { type: 'select.only', paths: ['/a'] },
      { type: 'menu', menu },
      { type: 'notice', notice: { text: 'Failed', error: true } },
      { type: 'dialog', dialog: { kind: 'mkdir' } },
      { type: 'folder.changed' },
    ]);
    expect(state).toEqual({ selected: new Set(), dialog: { kind: 'mkdir' }, menu: null, notice: null });
  });

  it('opens and closes the menu and the dialog, and shows and clears a notice', () => {
    expect(run([{ type: 'menu', menu }]).menu).toBe(menu);
    expect(
      run([
        { type: 'menu', menu },
        { type: 'menu', menu: null },
      ]).menu,
    ).toBeNull();
    expect(
      run([
        { type: 'dialog', dialog: { kind: 'mkdir' } },
        { type: 'dialog', dialog: null },
      ]).dialog,
    ).toBeNull();
    expect(
      run([
        { type: 'notice', notice: { text: 'Done', error: false } },
        { type: 'notice', notice: null },
      ]).notice,
    ).toBeNull();
  });
});
