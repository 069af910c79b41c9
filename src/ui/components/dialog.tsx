// A modal dialog without <dialog>.showModal (which jsdom lacks): focus moves in on open (to the
// first `[data-autofocus]`, else the first control), Tab cycles inside, Escape closes, and focus
// returns to the opener on close.
import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import './dialog.css';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

type DialogProps = {
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** An alertdialog interrupts with a question (confirmations). */
  role?: 'dialog' | 'alertdialog';
  describedBy?: string;
  /** Room for an editor rather than a short form. */
  wide?: boolean;
  /** Fills the window (the explorer gallery's preview). */
  fullscreen?: boolean;
};

function focusables(root: HTMLElement): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE));
}

export function Dialog({
  title,
  onClose,
  children,
  role = 'dialog',
  describedBy,
  wide = false,
  fullscreen = false,
}: DialogProps) {
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);

  const closeRef = useRef(onClose);
  closeRef.current = onClose;

  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const root = panel.current;
    if (root) (root.querySelector<HTMLElement>('[data-autofocus]') ?? focusables(root)[0] ?? root).focus();
    // Focus that fell out of the dialog to the page (its control was removed or disabled) no longer
    // carries keys to the panel: Escape still closes the topmost dialog, and focus comes back in.
    const onPageKey = (event: globalThis.KeyboardEvent) => {
      const lost = document.activeElement === null || document.activeElement === document.body;
      const dialogs = document.querySelectorAll('[aria-modal="true"]');
      if (!lost || !root || dialogs[dialogs.length - 1] !== root) return;
      if (event.key === 'Escape') closeRef.current();
      else if (event.key === 'Tab') {
        event.preventDefault();
        (focusables(root)[0] ?? root).focus();
      }
    };
    document.addEventListener('keydown', onPageKey);
    return () => {
      document.removeEventListener('keydown', onPageKey);
      opener?.focus();
    };
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onClose();
      return;
    }
    const root = panel.current;
    if (event.key !== 'Tab' || !root) return;
    const items = focusables(root);
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return createPortal(
    <div className="dialog-backdrop" onMouseDown={(e) => e.target === e.currentTarget && onClose()}>
      <div
        ref={panel}
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={describedBy}
        tabIndex={-1}
        className={`dialog${wide ? ' dialog--wide' : ''}${fullscreen ? ' dialog--fullscreen' : ''}`}
        onKeyDown={onKeyDown}
      >
        <h2 id={titleId} className="dialog__title">
          {title}
        </h2>
        {children}
      </div>
    </div>,
    document.body,
  );
}
