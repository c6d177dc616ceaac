import Link from 'next/link';
import type { ReactNode } from 'react';

/** The way to the other form below the card: "No account yet? Create one". */
export interface OtherForm {
  prompt: string;
  label: string;
  href: string;
}

/** The signed-out card: title, lead line, the form, and a footer link to the other form. */
export function AuthCard({ title, lead, other, children }: { title: ReactNode; lead: ReactNode; other: OtherForm; children: ReactNode }) {
  return (
    <div className="w-full max-w-[400px]">
      <div className="rounded-[1.1rem] bg-surface p-6 shadow-pop sm:p-8">
        <div className="mb-6 grid gap-1.5">
          <h1 className="text-xl font-semibold tracking-tight text-ink">{title}</h1>
          <p className="text-sm leading-relaxed text-ink-muted">{lead}</p>
        </div>
        {children}
      </div>
      <p className="mt-5 text-center text-sm text-ink-muted">
        {other.prompt}{' '}
        <Link href={other.href} className="focus-ring rounded font-medium text-accent-soft-ink hover:underline">
          {other.label}
        </Link>
      </p>
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
