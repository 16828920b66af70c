/**
 * A test upload in two steps, so any size up to 25 MB works in AWS too (API Gateway and Lambda cap a request
 * near 6 MB): the API signs a direct upload to the audio bucket, the browser sends the file there with
 * progress, then `POST /api/messages {uploadKey, sender}` checks the bytes and starts the pipeline.
 */
import { adminRequest } from '@/lib/admin-api';
import { ApiError } from '@/lib/api-client';

export type UploadTicket = {
  readonly uploadKey: string;
  readonly url: string;
  /** Headers the signed request must carry, e.g. the content type it was signed for. */
  readonly headers: Record<string, string>;
};

export function requestUpload(file: File): Promise<UploadTicket> {
  return adminRequest<UploadTicket>('/uploads', {
    method: 'POST',
    body: { contentType: file.type || 'application/octet-stream', size: file.size },
  });
}

/** PUTs the file to the signed URL, reporting progress from 0 to 1. */
export function sendFile(
  ticket: UploadTicket,
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

export function startProcessing(uploadKey: string, sender: string): Promise<{ messageId: string }> {
  return adminRequest<{ messageId: string }>('/messages', {
    method: 'POST',
    body: { uploadKey, sender },
  });
}
