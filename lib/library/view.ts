import type { GenerationKind } from '../db/generated/enums';

// What the library's pages and its route hand the browser (no server code: client components import it).

export interface LibraryItem {
  id: string;
  generationId: string;
  kind: GenerationKind;
  model: string;
  prompt: string;
  revisedPrompt: string | null;
  /** Archived: our copy and its preview. Archiving: the service's copy is still being stored. Unsaved: it never was. */
  state: 'archived' | 'archiving' | 'unsaved';
  assetId: string | null;
  previewUrl: string | null;
  width: number | null;
  height: number | null;
  favorite: boolean;
  /** Who made it; through Atelier's API, the key's name beside it. */
  author: string;
  apiKey: string | null;
  mine: boolean;
  createdAt: string;
  /** In the trash: when it was deleted (it is purged TRASH_DAYS later). */
  deletedAt: string | null;
  href: string;
  /** Where the next page starts when this item is the last one shown. */
  cursor: string;
}

/** Newest first; a board's images together, in the order of its models and positions (as the server pages them). */
export function libraryOrder(a: LibraryItem, b: LibraryItem): number {
  const [atA, genA, entryA, posA] = a.cursor.split('~');
  const [atB, genB, entryB, posB] = b.cursor.split('~');
  if (atA !== atB) return Date.parse(atB) - Date.parse(atA);
  if (genA !== genB) return genA < genB ? 1 : -1;
  return Number(entryA) - Number(entryB) || Number(posA) - Number(posB);
}

/** One of the team's collections, with how many live results it holds. */
export interface CollectionSummary {
  id: string;
  name: string;
  count: number;
}

/** One of the team's tags, with how many live results carry it. */
export interface TagSummary {
  id: string;
  name: string;
  count: number;
}

/** What a bulk action acts on: results named by id, or every one the filters (a library query string) select. */
export type Selection = { ids: string[] } | { filters: string };
