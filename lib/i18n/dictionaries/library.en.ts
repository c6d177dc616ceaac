import type { Widen } from './widen';

/** English strings of the library (lib/i18n/dictionaries/library.zh-CN.ts mirrors them). */
export const libraryEn = {
  title: 'Library',
  description: 'Every result your team has made: edits, board images and videos, newest first.',
  count: '{n} results',
  kinds: { edit: 'Edit', comparison: 'Board image', video: 'Video' },
  saving: 'Saving…',
  unsaved: 'Not saved',
  unsavedHint: 'The service’s copy could not be stored; open it from its page while the service still has it.',
  favorite: 'Favourite',
  by: '{name}',
  open: 'Open {kind}',
  older: 'Show older results',
  loading: 'Loading older results…',
  loadFailed: 'Older results could not be loaded.',
  retry: 'Try again',
  end: 'That’s everything your team has made.',
  pages: 'Library pages',
  newest: 'Back to the newest',
  start: { edit: 'Edit an image', compare: 'Compare models', videos: 'Make a video' },
};

export type LibraryDictionary = Widen<typeof libraryEn>;
