'use client';

import { useState } from 'react';

/**
 * Copies `text` to the clipboard and says so for two seconds; where the clipboard is refused
 * (an insecure origin, a denied permission) the input `fieldId` is selected for a manual copy.
 */
export function useCopy(text: string, fieldId: string) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    await navigator.clipboard.writeText(text).catch(() => (document.getElementById(fieldId) as HTMLInputElement | null)?.select());
    setCopied(true);
    setTimeout(() => setCopied(false), 2000);
  };
  return { copied, copy };
}
