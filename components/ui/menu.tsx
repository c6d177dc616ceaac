'use client';

import { useEffect, type ReactNode } from 'react';
import { Check } from 'lucide-react';
import { cn } from './cn';
import { usePopover } from './use-popover';

interface MenuProps {
  /** The trigger's content and accessible name. */
  trigger: ReactNode;
  label: string;
  triggerClassName?: string;
  /** Opens below (default) or above the trigger, e.g. at the bottom of the sidebar. */
  side?: 'bottom' | 'top';
  align?: 'start' | 'end';
  className?: string;
  children: (close: () => void) => ReactNode;
}

/** A small popover menu: click or Enter opens it, Escape or a click outside closes it. */
export function Menu({ trigger, label, triggerClassName, side = 'bottom', align = 'start', className, children }: MenuProps) {
  const { open, setOpen, root, button } = usePopover();
  // An opened menu puts focus on its first item.
  useEffect(() => {
    if (open) root.current?.querySelector<HTMLElement>('[role=menuitem],[role=menuitemradio]')?.focus();
  }, [open, root]);

  return (
    <div ref={root} className="relative">
      <button
        ref={button}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-label={label}
        onClick={() => setOpen((o) => !o)}
        className={cn('focus-ring', triggerClassName)}
      >
        {trigger}
      </button>
      {open && (
        <div
          role="menu"
          aria-label={label}
          className={cn(
            'absolute z-40 min-w-56 animate-pop-in rounded-card bg-surface p-1.5 text-sm shadow-pop',
            side === 'bottom' ? 'top-full mt-2' : 'bottom-full mb-2',
            align === 'start' ? 'left-0' : 'right-0',
            className,
          )}
        >
          {children(() => setOpen(false))}
        </div>
      )}
    </div>
  );
}

export function MenuItem({
  icon,
  checked,
  onSelect,
  children,
  tone,
}: {
  icon?: ReactNode;
  checked?: boolean;
  onSelect: () => void;
  children: ReactNode;
  tone?: 'danger';
}) {
  return (
    <button
      type="button"
      role={checked === undefined ? 'menuitem' : 'menuitemradio'}
      aria-checked={checked}
      onClick={onSelect}
      className={cn(
        'focus-ring flex w-full items-center gap-2.5 rounded-[0.4rem] px-2.5 py-2 text-left text-[13px] outline-offset-0 hover:bg-subtle [&_svg]:size-4 [&_svg]:shrink-0',
        tone === 'danger' ? 'text-danger' : 'text-ink',
      )}
    >
      {icon && <span className="text-ink-subtle">{icon}</span>}
      <span className="min-w-0 flex-1">{children}</span>
      {checked && <Check className="text-accent" />}
    </button>
  );
}

export const MenuLabel = ({ children }: { children: ReactNode }) => <div className="px-2.5 pt-1.5 pb-1 text-xs font-medium text-ink-subtle">{children}</div>;

export const MenuSeparator = () => <div role="separator" className="-mx-1.5 my-1.5 h-px bg-line" />;
