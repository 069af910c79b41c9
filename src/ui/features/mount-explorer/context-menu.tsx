// The explorer's context menu: opened by right-click, a 500 ms touch long press or
// the keyboard; z-index 100 and 100 to 600 px wide (explorer-panels.css). Arrow keys, Home and End move
// between items, Enter or Space runs one, Escape, Tab or a click outside closes it and focus
// returns to where it was.
import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { createPortal } from 'react-dom';

export type MenuItem = { id: string; label: string; run: () => void; danger?: boolean };

export type MenuAt = { x: number; y: number; label: string; items: MenuItem[] };

type ContextMenuProps = MenuAt & { onClose: () => void };

const EDGE = 8;

export function ContextMenu({ x, y, label, items, onClose }: ContextMenuProps) {
  const menu = useRef<HTMLUListElement>(null);
  const [place, setPlace] = useState({ left: x, top: y });
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  // Kept inside the viewport: flipped left or up when it would overflow.
  useLayoutEffect(() => {
    const element = menu.current;
    if (!element) return;
    const { width, height } = element.getBoundingClientRect();
    const left = x + width + EDGE > window.innerWidth ? Math.max(EDGE, x - width) : x;
    const top = y + height + EDGE > window.innerHeight ? Math.max(EDGE, y - height) : y;
    setPlace({ left, top });
  }, [x, y]);

  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    menu.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
    const outside = (event: Event) => {
      if (event.target instanceof Node && menu.current?.contains(event.target)) return;
      onCloseRef.current();
    };
    const closeNow = () => onCloseRef.current();
    document.addEventListener('pointerdown', outside, true);
    window.addEventListener('resize', closeNow);
    window.addEventListener('scroll', closeNow, { passive: true });
    return () => {
      document.removeEventListener('pointerdown', outside, true);
      window.removeEventListener('resize', closeNow);
      window.removeEventListener('scroll', closeNow);
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const entries = Array.from(menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);
    const active = document.activeElement;
    const at = active instanceof HTMLElement ? entries.indexOf(active) : -1;
    const focus = (index: number) => entries[(index + entries.length) % entries.length]?.focus();
    if (event.key === 'ArrowDown') focus(at + 1);
    else if (event.key === 'ArrowUp') focus(at - 1);
    else if (event.key === 'Home') focus(0);
    else if (event.key === 'End') focus(entries.length - 1);
    else if (event.key === 'Escape' || event.key === 'Tab') onClose();
    else return;
    event.preventDefault();
    event.stopPropagation();
  };

  return createPortal(
    <ul
      ref={menu}
      role="menu"
      aria-label={label}
      className="context-menu"
      style={place}
      onKeyDown={onKeyDown}
      onContextMenu={(e) => e.preventDefault()}
    >
      {items.map((item) => (
        <li key={item.id} role="none">
          <button
            type="button"
            role="menuitem"
            tabIndex={-1}
            className={item.danger ? 'context-menu__item context-menu__item--danger' : 'context-menu__item'}
            onClick={() => {
              onClose();
              item.run();
            }}
          >
            {item.label}
          </button>
        </li>
      ))}
    </ul>,
    document.body,
  );
}
