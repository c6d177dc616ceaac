'use client';

import { usePathname } from 'next/navigation';
import { useEffect, useRef, useState } from 'react';
import { Menu as MenuIcon, X } from 'lucide-react';
import { BrandMark } from '../brand-mark';
import { InboxBell } from '../inbox/inbox-bell';
import { useI18n } from '../i18n-provider';
import { Avatar } from './avatar';
import { Sidebar, type ShellProps } from './sidebar';

/** Narrow screens: a sticky top bar whose menu button opens the sidebar as a drawer. */
export function MobileBar(props: ShellProps) {
  const { t } = useI18n();
  const pathname = usePathname();
  const drawer = useRef<HTMLDialogElement>(null);
  // The drawer remembers the page it was opened on: navigating elsewhere closes it, no effect needed.
  const [openedOn, setOpenedOn] = useState<string | null>(null);
  const open = openedOn === pathname;
  const setOpen = (value: boolean) => setOpenedOn(value ? pathname : null);
  const active = props.teams.find((team) => team.id === props.activeTeamId) ?? props.teams[0];

  useEffect(() => {
    const dialog = drawer.current;
    if (open && dialog && !dialog.open) dialog.showModal();
    if (!open && dialog?.open) dialog.close();
  }, [open]);

  return (
    <>
      <header className="sticky top-0 z-30 flex h-14 items-center gap-3 border-b border-line bg-canvas/85 px-3 backdrop-blur-md lg:hidden">
        <button
          type="button"
          onClick={() => setOpen(true)}
          aria-label={t.shell.menu}
          aria-expanded={open}
          className="focus-ring grid size-9 place-items-center rounded-control text-ink-muted hover:bg-subtle hover:text-ink"
        >
          <MenuIcon className="size-5" />
        </button>
        <BrandMark name={t.app.name} />
        <span className="ml-auto flex min-w-0 items-center gap-2 text-[13px] text-ink-muted">
          <span className="truncate">{active.name}</span>
          <Avatar id={active.id} name={active.name} size="sm" />
        </span>
        <InboxBell />
      </header>
      <dialog
        ref={drawer}
        aria-label={t.shell.menu}
        onClose={() => setOpen(false)}
        onClick={(event) => event.target === drawer.current && setOpen(false)}
        className="m-0 h-dvh max-h-dvh w-[19rem] max-w-[85vw] bg-canvas p-0 text-ink shadow-pop backdrop:bg-black/45 open:animate-pop-in lg:hidden"
      >
        <div className="relative h-full">
          <button
            type="button"
            onClick={() => setOpen(false)}
            aria-label={t.shell.closeMenu}
            className="focus-ring absolute top-4 right-3 z-10 grid size-8 place-items-center rounded-control text-ink-subtle hover:bg-subtle hover:text-ink"
          >
            <X className="size-4" />
          </button>
          <Sidebar {...props} onNavigate={() => setOpen(false)} />
        </div>
      </dialog>
    </>
  );
}
