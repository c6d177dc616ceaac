'use client';

import { useI18n } from './i18n-provider';
import { describeFailure } from './use-action-error';

/** Why something failed, in the UI's language, with the service's own words beneath when they add detail. */
export function FailureText({ failure }: { failure: { code: string | null; message: string } }) {
  const { t } = useI18n();
  const { text, detail } = describeFailure(t, failure);
  return (
    <>
      <p className="break-words">{text}</p>
      {detail && detail !== text && <p className="line-clamp-3 text-xs break-words opacity-75">{detail}</p>}
    </>
  );
}
