import { mainApiOptions } from './clients';
import { createUploader } from './uploader';

/*
 * The upload clients, apart from the API clients: only the pages that send files load them (and their rules).
 */

/** Files to the main API, with the same token and the same 401 recovery as `mainApi`. */
export const mainUpload = createUploader(mainApiOptions);
/** Files to a storage's signed link: the link is the permission, no token travels. */
export const linkUpload = createUploader();
