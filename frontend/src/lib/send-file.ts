/** A file sent straight to storage on a signed URL, with progress (the dashboard's upload, an UPLOAD link's page). */
import { ApiError } from '@/lib/api-client';

/** A signed PUT: the URL and the headers it was signed with. */
export type SignedPut = { readonly url: string; readonly headers: Record<string, string> };

/** PUTs the file to the signed URL, reporting progress from 0 to 1. */
export function sendFile(
  ticket: SignedPut,
  file: File,
  onProgress: (fraction: number) => void,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('PUT', ticket.url);
    for (const [name, value] of Object.entries(ticket.headers)) request.setRequestHeader(name, value);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      if (request.status >= 200 && request.status < 300) {
        onProgress(1);
        resolve();
      } else reject(new ApiError(request.status, null));
    };
    request.onerror = () => reject(new ApiError(0, null));
    request.send(file);
  });
}
