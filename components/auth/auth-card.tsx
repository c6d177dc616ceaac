import type { ReactNode } from 'react';

/** The signed-out card: title, lead line, the form, and a footer link to the other form. */
export function AuthCard({ title, lead, footer, children }: { title: ReactNode; lead: ReactNode; footer?: ReactNode; children: ReactNode }) {
  return (
    <div className="w-full max-w-[400px]">
      <div className="rounded-[1.1rem] bg-surface p-6 shadow-pop sm:p-8">
        <div className="mb-6 grid gap-1.5">
          <h1 className="text-xl font-semibold tracking-tight text-ink">{title}</h1>
          <p className="text-sm leading-relaxed text-ink-muted">{lead}</p>
        </div>
        {children}
      </div>
      {footer && <p className="mt-5 text-center text-sm text-ink-muted">{footer}</p>}
    </div>
  );
}

export function FormAlert({ children }: { children: ReactNode }) {
  return (
    <p role="alert" className="rounded-control bg-danger-soft px-3 py-2.5 text-[13px] leading-snug text-danger ring-1 ring-danger/20 ring-inset">
      {children}
    </p>
  );
}
