'use client';

import { useSyncExternalStore } from 'react';
import { useI18n } from './i18n-provider';

const never = () => () => {};

/** A day without its time (joined, expires on, updated on). */
export const DAY: Intl.DateTimeFormatOptions = { dateStyle: 'medium' };

/**
 * A moment in the viewer's own time zone (Atelier's one rule for timestamps; money is bucketed by
 * day in the team's zone instead, and says so). The server does not know the viewer's zone: its
 * HTML says UTC, and the browser puts its own zone in as soon as the page is live.
 */
export function LocalTime({ at, options = { dateStyle: 'medium', timeStyle: 'short' } }: { at: string | Date; options?: Intl.DateTimeFormatOptions }) {
  const { locale } = useI18n();
  const inBrowser = useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
  const date = new Date(at);
  const text = new Intl.DateTimeFormat(locale, inBrowser ? options : { ...options, timeZone: 'UTC' }).format(date);
  return (
    <time dateTime={date.toISOString()} title={inBrowser ? undefined : 'UTC'}>
      {text}
    </time>
  );
}

/** A sentence of the dictionary with a `{date}` in it, the date shown as `LocalTime`. */
export function TimePhrase({ template, at, options }: { template: string; at: string | Date; options?: Intl.DateTimeFormatOptions }) {
  const [before, after = ''] = template.split('{date}');
  return (
    <>
      {before}
      <LocalTime at={at} options={options} />
      {after}
    </>
  );
}
