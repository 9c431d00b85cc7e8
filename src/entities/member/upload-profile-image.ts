import type { z } from 'zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { presignedUrlResultSchema } from '../../../contract/files';
import type { profileImageUpdatedSchema } from '../../../contract/members';
import { apiJson } from '../../lib/http';
import { invalidateKeys } from '../../lib/query-client';
import { memberKeys } from './keys';

/**
 * Spec "Files": POST /api/aws/presigned-url {fileName} → PUT the file there with its content type
 * → PATCH /api/members/profile-image {profileImageUrl: s3Url}.
 */
async function uploadProfileImage(file: File): Promise<string> {
  const { presignedUrl, s3Url } = await apiJson<z.infer<typeof presignedUrlResultSchema>>('/api/aws/presigned-url', {
    method: 'POST',
    json: { fileName: file.name },
  });
  // Plain fetch: the signed URL carries its own authorisation (S3 refuses a second one).
  const put = await fetch(presignedUrl, {
    method: 'PUT',
    body: file,
    headers: { 'Content-Type': file.type || 'application/octet-stream' },
  });
  if (!put.ok) throw new Error(`upload failed: ${put.status}`);
  await apiJson<z.infer<typeof profileImageUpdatedSchema>>('/api/members/profile-image', { method: 'PATCH', json: { profileImageUrl: s3Url } });
  return s3Url;
}

export function useUploadProfileImage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadProfileImage,
    // The photo shows on the own profile and the my page.
    onSuccess: () => invalidateKeys(queryClient, [memberKeys.me(), memberKeys.myPage()]),
    // Spec section 8: a failed photo upload is only logged.
    onError: (error) => console.error('failed to upload the profile image', error),
  });
}
