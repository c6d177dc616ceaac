'use client';

import { useReducer } from 'react';
import type { LibraryItem } from '@/lib/library/view';

interface SelectionState {
  selecting: boolean;
  selected: ReadonlySet<string>;
  /** The last result clicked: a shift-click takes the range from it. */
  anchor: number | null;
  /** Every result the filters match, loaded or not (bulk actions then send the filters, not ids). */
  matching: boolean;
}

type SelectionEvent =
  | { type: 'start' }
  | { type: 'toggle'; ids: string[]; index: number; range: boolean }
  | { type: 'shown'; ids: string[] }
  | { type: 'matching'; ids: string[] }
  | { type: 'stop' };

const IDLE: SelectionState = { selecting: false, selected: new Set(), anchor: null, matching: false };

function reduce(state: SelectionState, event: SelectionEvent): SelectionState {
  switch (event.type) {
    case 'start':
      return { ...state, selecting: true };
    case 'toggle': {
      const { ids, index, range } = event;
      const selected = new Set(state.selected);
      if (range && state.anchor !== null) for (let i = Math.min(state.anchor, index); i <= Math.max(state.anchor, index); i++) selected.add(ids[i]);
      else if (selected.has(ids[index])) selected.delete(ids[index]);
      else selected.add(ids[index]);
      return { ...state, selected, anchor: index, matching: false };
    }
    case 'shown':
      return { ...state, selected: new Set(event.ids), matching: false };
    case 'matching':
      return { ...state, selected: new Set(event.ids), matching: true };
    case 'stop':
      return IDLE;
  }
}

/** Select mode over the results shown: click, shift-click for a range, every one shown, or every one that matches. */
export function useSelection(items: LibraryItem[]) {
  const [state, dispatch] = useReducer(reduce, IDLE);
  const ids = () => items.map((item) => item.id);
  return {
    ...state,
    start: () => dispatch({ type: 'start' }),
    toggle: (index: number, range: boolean) => dispatch({ type: 'toggle', ids: ids(), index, range }),
    selectShown: () => dispatch({ type: 'shown', ids: ids() }),
    selectMatching: () => dispatch({ type: 'matching', ids: ids() }),
    stop: () => dispatch({ type: 'stop' }),
  };
}

export type LibrarySelection = ReturnType<typeof useSelection>;
