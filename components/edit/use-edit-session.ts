'use client';

import { useCallback, useEffect, useReducer, useRef } from 'react';
import type { EditModel } from '@/lib/edits/edit-models';
import type { EditRecord } from '@/lib/edits/history';
import { promptTemplates } from '@/lib/edits/kinds';
import type { EditResultItem } from '@/lib/edits/results';
import { useI18n } from '../i18n-provider';
import { postJson } from '../server-state';
import { describeServerError, type ServerError } from '../use-action-error';
import { editSession, startSession } from './edit-session';
import { imageFileOf, loadAsset, loadFile } from './load-image';

/**
 * The studio's session (edit-session.ts) with the ways a picture comes in: the page's own on
 * arrival, a file picked, dropped or pasted, or a result to continue from.
 */
export function useEditSession(models: EditModel[], initial: { assetId?: string; edit?: EditRecord }) {
  const { t, locale } = useI18n();
  // A Chinese reader starts from, and switches kinds to, the Chinese templates.
  const [session, dispatch] = useReducer(editSession, { models, initial, templates: promptTemplates(locale).kinds }, startSession);

  const openFile = useCallback(
    async (file: File | null) => {
      if (!file) return;
      // A photo opened on the server (HEIC, over 4096 px) takes its upload and a decode.
      dispatch({ type: 'loading' });
      try {
        dispatch({ type: 'open', source: await loadFile(file, t.edit) });
      } catch (error) {
        dispatch({ type: 'refuse', message: (error as Error).message });
      }
    },
    [t.edit],
  );

  const continueFrom = async () => {
    if (session.run.status !== 'done') return;
    const { resultAssetId, generationId } = session.run.outcome;
    dispatch({ type: 'loading' });
    try {
      dispatch({ type: 'continue', source: await loadAsset(resultAssetId, t.edit), from: generationId });
    } catch (error) {
      dispatch({ type: 'loadFailed', message: (error as Error).message });
    }
  };

  /**
   * "Use this one" on a result of a run of several: the server keeps it as the run's pick, then the
   * studio continues from it (its file the picture, the run the next step's parent).
   */
  const continueWith = async (item: EditResultItem) => {
    if (session.run.status !== 'done' || !item.resultAssetId) return;
    const { generationId } = session.run.outcome;
    dispatch({ type: 'loading' });
    try {
      const { ok, body } = await postJson<{ resultAssetId: string; error?: ServerError }>(`/api/edits/${generationId}/pick`, { outputId: item.outputId });
      if (!ok || !body || body.error) throw new Error(body?.error ? describeServerError(t, body.error) : t.edit.run.network);
      dispatch({ type: 'pick', outputId: item.outputId, resultAssetId: body.resultAssetId });
      dispatch({ type: 'continue', source: await loadAsset(body.resultAssetId, t.edit), from: generationId });
    } catch (error) {
      dispatch({ type: 'loadFailed', message: (error as Error).message });
    }
  };

  // /edit?asset=<id> or a reopened edit: load the team's stored image (and its result).
  useEffect(() => {
    const assetId = initial.edit?.originalAssetId ?? initial.assetId;
    if (!assetId) return;
    let live = true;
    loadAsset(assetId, t.edit)
      .then((source) => live && dispatch({ type: 'arrive', source, edit: initial.edit }))
      .catch((error: Error) => live && dispatch({ type: 'loadFailed', message: error.message }));
    return () => {
      live = false;
    };
    // Only on arrival: later navigation within the studio is client state.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useRevokeDropped(session.source?.url);
  usePastedImage(openFile);
  return { session, dispatch, openFile, continueFrom, continueWith };
}

/** An upload's object URL is freed once the studio shows another picture. */
function useRevokeDropped(url: string | undefined) {
  const shown = useRef(url);
  useEffect(() => {
    const old = shown.current;
    shown.current = url;
    if (old && old !== url && old.startsWith('blob:')) URL.revokeObjectURL(old);
  }, [url]);
}

/** Paste an image anywhere on the page (outside text fields). */
function usePastedImage(open: (file: File) => void) {
  useEffect(() => {
    const paste = (e: ClipboardEvent) => {
      if (e.target instanceof HTMLElement && e.target.closest('input, textarea')) return;
      const file = imageFileOf(e.clipboardData);
      if (file) {
        e.preventDefault();
        open(file);
      }
    };
    window.addEventListener('paste', paste);
    return () => window.removeEventListener('paste', paste);
  }, [open]);
}
