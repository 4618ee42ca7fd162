import type { KeyboardEvent } from 'react';
import { useCallback, useEffect, useId, useRef, useState } from 'react';

/**
 * A button that opens a list in place — a menu (`role="menu"`, items `menuitem`) or a choice (`role="listbox"`,
 * items `option`) — as the ARIA patterns ask: Enter, Space or ArrowDown on the button opens it with the focus on the
 * current or first item (ArrowUp: the last); ArrowUp/ArrowDown, Home and End move between items; Esc closes it and
 * gives the focus back to the button; Tab, a click outside or choosing an item closes it. Not modal: the page keeps
 * its landmarks and headings while it is open.
 */
export function usePopup({ itemRole }: { itemRole: 'menuitem' | 'option' }) {
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const listId = useId();
  /** Which item takes the focus when the list opens. */
  const startAt = useRef<'first' | 'last' | 'selected'>('selected');

  const items = useCallback(
    () => [...(listRef.current?.querySelectorAll<HTMLElement>(`[role="${itemRole}"]`) ?? [])],
    [itemRole],
  );

  const close = useCallback((refocus: boolean) => {
    setOpen(false);
    if (refocus) buttonRef.current?.focus();
  }, []);

  useEffect(() => {
    if (!open) return;
    const all = items();
    const selected = all.find((item) => item.getAttribute('aria-selected') === 'true');
    const target = startAt.current === 'last' ? all.at(-1) : startAt.current === 'selected' ? (selected ?? all[0]) : all[0];
    target?.focus();
    const outside = (event: PointerEvent) => {
      const node = event.target as Node;
      if (!listRef.current?.contains(node) && !buttonRef.current?.contains(node)) close(false);
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [open, items, close]);

  const openAt = (at: 'first' | 'last' | 'selected') => {
    startAt.current = at;
    setOpen(true);
  };

  const buttonProps = {
    ref: buttonRef,
    type: 'button' as const,
    'aria-haspopup': itemRole === 'menuitem' ? ('menu' as const) : ('listbox' as const),
    'aria-expanded': open,
    'aria-controls': open ? listId : undefined,
    onClick: () => (open ? close(false) : openAt('selected')),
    onKeyDown: (event: KeyboardEvent) => {
      if (event.key === 'ArrowDown' || event.key === 'Enter' || event.key === ' ') {
        event.preventDefault();
        openAt(event.key === 'ArrowDown' ? 'first' : 'selected');
      } else if (event.key === 'ArrowUp') {
        event.preventDefault();
        openAt('last');
      }
    },
  };

  const listProps = {
    ref: listRef,
    id: listId,
    role: itemRole === 'menuitem' ? 'menu' : 'listbox',
    onKeyDown: (event: KeyboardEvent) => {
      const all = items();
      const at = all.indexOf(document.activeElement as HTMLElement);
      const move = (index: number) => all[(index + all.length) % all.length]?.focus();
      if (event.key === 'ArrowDown') move(at + 1);
      else if (event.key === 'ArrowUp') move(at - 1);
      else if (event.key === 'Home') move(0);
      else if (event.key === 'End') move(all.length - 1);
      else if (event.key === 'Escape') close(true);
      else if (event.key === 'Tab') return close(false);
      else return;
      event.preventDefault();
    },
  };

  return { open, close, buttonProps, listProps };
}
