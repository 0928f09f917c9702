export const LIST_PATH = '/cataloguemanage/list';
export const DRAFTS_PATH = '/cataloguemanage/drafts';

export type EntryMode = 'create' | 'edit' | 'view';

/** The entry form page (one hidden menu route, opened as a tab) for an entry and a mode. */
export function entryPath(mode: EntryMode, id?: string) {
  const search = new URLSearchParams({ mode });
  if (id) search.set('id', id);
  return `/cataloguemanage/edit?${search.toString()}`;
}
