// What the explorer shows besides the folder: the selection, the open dialog, the context menu
// and the notice, and every way they change, as one reducer (use-explorer-controller.ts binds it
// to the screen). Pure, so each rule is tested without a page.
import type { MenuAt } from './context-menu';
import type { ExplorerDialog } from './explorer-dialogs';

export type Notice = { text: string; error: boolean };

export type ExplorerUi = {
  /** The paths of the selected entries. */
  selected: ReadonlySet<string>;
  dialog: ExplorerDialog;
  menu: MenuAt | null;
  notice: Notice | null;
};

export type ExplorerUiEvent =
  | { type: 'select.toggle'; path: string }
  /** The selection becomes exactly these paths (none to clear it). */
  | { type: 'select.only'; paths: readonly string[] }
  /** Paths that left the folder (renamed, deleted) leave the selection. */
  | { type: 'select.drop'; paths: ReadonlySet<string> }
  /** Opens a dialog, or closes it with null. */
  | { type: 'dialog'; dialog: ExplorerDialog }
  | { type: 'menu'; menu: MenuAt | null }
  | { type: 'notice'; notice: Notice | null }
  /** A copy or a move started from its dialog: the dialog closes, the selection clears, the notice says so. */
  | { type: 'task.started'; notice: Notice }
  /** Another folder is shown: no selection, menu or notice carries over. */
  | { type: 'folder.changed' };

export const initialExplorerUi: ExplorerUi = { selected: new Set(), dialog: null, menu: null, notice: null };

export function explorerUi(state: ExplorerUi, event: ExplorerUiEvent): ExplorerUi {
  switch (event.type) {
    case 'select.toggle': {
      const selected = new Set(state.selected);
      if (selected.has(event.path)) selected.delete(event.path);
      else selected.add(event.path);
      return { ...state, selected };
    }
    case 'select.only':
      return { ...state, selected: new Set(event.paths) };
    case 'select.drop':
      return { ...state, selected: new Set([...state.selected].filter((path) => !event.paths.has(path))) };
    case 'dialog':
      return { ...state, dialog: event.dialog };
    case 'menu':
      return { ...state, menu: event.menu };
    case 'notice':
      return { ...state, notice: event.notice };
    case 'task.started':
      return { ...state, selected: new Set(), dialog: null, notice: event.notice };
    case 'folder.changed':
      return { ...state, selected: new Set(), menu: null, notice: null };
  }
}
