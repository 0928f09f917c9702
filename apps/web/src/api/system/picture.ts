import { PAGE_DATA_KEYS, type PictureRecord } from '@odp/contracts';
import { http } from '../client';

export const pictureKeys = {
  all: ['system', 'picture'] as const,
  /** The public, ordered list the portal home shows. */
  portal: PAGE_DATA_KEYS.homePictures,
};

/** The slideshow in order (public: the portal home calls it for visitors). */
export const queryPictures = () => http.post<PictureRecord[]>('/sys/common/picture/query', undefined, { silent: true });

/** The same list for the back office (needs the list permission). */
export const listPictures = () => http.get<PictureRecord[]>('/sys/common/picture/list');

export const uploadPicture = (input: { file: File; title: string; linkUrl?: string | null }) => {
  const form = new FormData();
  // Fields before the file, so the server has them when the file part arrives.
  form.append('title', input.title);
  if (input.linkUrl) form.append('linkUrl', input.linkUrl);
  form.append('file', input.file, input.file.name);
  return http.post<PictureRecord>('/sys/common/picture/upload', form);
};

export const deletePicture = (id: string) => http.delete<unknown>('/sys/common/picture/del', { id });

/** Saves a new order; `ids` must be every picture, each once. */
export const reorderPictures = (ids: string[]) => http.post<null>('/sys/common/picture/reset/sequence', { ids });
