import type { ResponseOf, RouteKey } from '@domain';
import { mainApiOptions } from './clients';
import type { FormUpload } from './uploader';
import { createUploader } from './uploader';

/*
 * The upload clients, apart from the API clients: only the pages that send files load them (and their rules).
 */

/** Files to the main API, with the same token and the same 401 recovery as `mainApi`. */
export const mainUpload = createUploader(mainApiOptions);
/** Files to a storage's signed link: the link is the permission, no token travels. */
export const linkUpload = createUploader();

/** A file to a route of the main API (a multipart POST), answering the contract's type for that route (domain/api.ts). */
export const uploadTo = <K extends RouteKey & `POST ${string}`>(route: K, upload: Omit<FormUpload, 'url'>) =>
  mainUpload<ResponseOf<K>>({ ...upload, url: route.slice('POST '.length) });
