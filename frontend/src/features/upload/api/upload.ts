/**
 * A test upload in two steps, so any size up to 25 MB works in AWS too (API Gateway and Lambda cap a request
 * near 6 MB): the API signs a direct upload to the audio bucket, the browser sends the file there with
 * progress, then `POST /api/messages {uploadKey, sender}` checks the bytes and starts the pipeline.
 */
import { adminRequest } from '@/lib/admin-api';

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

export function startProcessing(uploadKey: string, sender: string): Promise<{ messageId: string }> {
  return adminRequest<{ messageId: string }>('/messages', {
    method: 'POST',
    body: { uploadKey, sender },
  });
}
