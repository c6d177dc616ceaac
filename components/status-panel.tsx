import type { ReactNode } from 'react';

/** The centred icon + title + line + actions block used by not-found, error and invite states. */
export function StatusPanel({
  icon,
  code,
  title,
  description,
  children,
}: {
  icon: ReactNode;
  code?: string;
  title: ReactNode;
  description: ReactNode;
  children?: ReactNode;
}) {
  return (
    <div className="grid max-w-md justify-items-center gap-4 text-center">
      <div className="grid size-12 place-items-center rounded-2xl bg-surface text-ink-muted shadow-card [&_svg]:size-5">{icon}</div>
      <div className="grid gap-2">
        {code && <p className="font-mono text-xs tracking-widest text-ink-subtle">{code}</p>}
        <h1 className="text-xl font-semibold tracking-tight">{title}</h1>
        <p className="text-sm leading-relaxed text-ink-muted">{description}</p>
      </div>
      {children && <div className="mt-2 flex flex-wrap justify-center gap-2">{children}</div>}
    </div>
  );
}
