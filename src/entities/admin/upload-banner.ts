import { useMutation } from '@tanstack/react-query';
import { apiJson, ApiError } from '../../lib/http';

type Presigned = { presignedUrl: string; s3Url: string };

/**
 * The banner goes through the ordinary upload flow (contract section 11): an upload URL, a PUT of
 * the bytes there, and the stored file's URL is what the mentor config names (the server checks
 * it issued it).
 */
async function uploadBanner(file: File): Promise<string> {
  const { presignedUrl, s3Url } = await apiJson<Presigned>('/api/aws/presigned-url', { method: 'POST', json: { fileName: file.name } });
  // Plain fetch: the signed URL carries its own authorisation (S3 refuses a second one).
  const put = await fetch(presignedUrl, { method: 'PUT', body: file, headers: { 'Content-Type': file.type || 'application/octet-stream' } }).catch(
    (error: unknown) => {
      throw ApiError.network(error);
    },
  );
  if (!put.ok) throw ApiError.fromStatus(put.status);
  return s3Url;
}

export function useUploadBanner() {
  return useMutation({ mutationFn: uploadBanner });
}
