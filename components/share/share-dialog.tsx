'use client';

import { ExternalLink, Link2 } from 'lucide-react';
import { useState, useTransition } from 'react';
import { shareResult } from '@/lib/share/share-action';
import { format } from '@/lib/i18n';
import type { ShareTarget } from '@/lib/share/create';
import type { ShareShow } from '@/lib/share/shown';
import { SHARE_EXPIRIES, type ShareExpiry } from '@/lib/share/lifetime';
import { useI18n } from '../i18n-provider';
import { FreshLink } from '../fresh-link';
import { Button, buttonClass } from '../ui/button';
import { Dialog } from '../ui/dialog';
import { Segmented } from '../ui/segmented';
import { useToast } from '../ui/toast';
import { useActionError } from '../use-action-error';

const SHOWN = ['prompt', 'model', 'size'] as const;
const SHOWN_LABELS = { prompt: 'showPrompt', model: 'showModel', size: 'showSize' } as const;

interface Created {
  url: string;
  expiresAt: string | null;
}

/** Pick an expiry, create the link, show it once. Closing forgets it: only its hash is stored. */
export function ShareDialog({ target, open, onClose }: { target: ShareTarget; open: boolean; onClose: () => void }) {
  const { t, locale } = useI18n();
  const d = t.share.dialog;
  const toast = useToast();
  const errorText = useActionError();
  const [expiry, setExpiry] = useState<ShareExpiry>('7d');
  const [show, setShow] = useState<ShareShow>({ prompt: true, model: true, size: true });
  const [created, setCreated] = useState<Created>();
  const [pending, startTransition] = useTransition();

  const close = () => {
    setCreated(undefined);
    onClose();
  };

  const create = () =>
    startTransition(async () => {
      const result = await shareResult({ target, expiry, show });
      if (!result.ok) return toast(errorText(result.error), 'error');
      // Built from the address the user is on now, like invite links.
      setCreated({ url: `${window.location.origin}/s/${result.data.token}`, expiresAt: result.data.expiresAt });
    });

  const expiresNote = (expiresAt: string | null) =>
    expiresAt
      ? format(d.expiresOn, { date: new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(expiresAt)) })
      : d.neverExpires;

  return (
    <Dialog
      open={open}
      onClose={close}
      closeLabel={t.common.close}
      title={'collectionId' in target ? d.titleCollection : d.title}
      description={'collectionId' in target ? d.leadCollection : d.lead}
      className="max-w-lg text-left"
      footer={
        created ? (
          <Button onClick={close}>{d.done}</Button>
        ) : (
          <>
            <Button variant="secondary" onClick={close}>
              {t.common.cancel}
            </Button>
            <Button onClick={create} pending={pending} data-testid="share-create">
              {!pending && <Link2 />}
              {d.create}
            </Button>
          </>
        )
      }
    >
      {created ? (
        <div className="grid gap-3">
          <FreshLink url={created.url} title={d.ready} testId="share-url">
            <a href={created.url} target="_blank" rel="noreferrer" className={buttonClass('ghost', 'sm')}>
              <ExternalLink />
              {d.open}
            </a>
            <span className="ml-auto text-xs text-ink-muted">{expiresNote(created.expiresAt)}</span>
          </FreshLink>
          <p className="text-xs text-ink-muted">{d.manage}</p>
        </div>
      ) : (
        <div className="grid gap-5">
          <Segmented label={d.expiry} value={expiry} options={SHARE_EXPIRIES.map((value) => ({ value, label: d.expiries[value] }))} onChange={setExpiry} />
          <fieldset className="grid gap-2">
            <legend className="mb-2 text-[13px] font-medium text-ink">{d.show}</legend>
            <div className="flex flex-wrap gap-x-5 gap-y-2">
              {SHOWN.map((key) => (
                <label key={key} className="flex items-center gap-2 text-[13px] text-ink">
                  <input
                    type="checkbox"
                    checked={show[key]}
                    onChange={(e) => setShow((current) => ({ ...current, [key]: e.target.checked }))}
                    data-testid={`share-show-${key}`}
                    className="size-4 accent-[var(--accent)]"
                  />
                  {d[SHOWN_LABELS[key]]}
                </label>
              ))}
            </div>
          </fieldset>
        </div>
      )}
    </Dialog>
  );
}
