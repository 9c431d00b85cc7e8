import type { z } from 'zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { presignedUrlResultSchema } from '../../../contract/files';
import { IMAGE_CONTENT_TYPES, MAX_UPLOAD_BYTES } from '../../../contract/files-values';
import type { profileImageUpdatedSchema } from '../../../contract/members';
import { ApiError, apiJson, errorFromResponse } from '../../lib/http';
import { invalidateKeys } from '../../lib/query-client';
import { memberKeys } from './keys';

/** Some pickers leave `type` empty: then the name's extension says it, as on the server. */
const IMAGE_NAME_RE = /\.(jpe?g|png|webp|gif)$/i;

/** Why a photo did not become the profile image, for the student's message. */
export type ProfileImageProblem = 'too-large' | 'wrong-type' | 'failed';

class ProfileImageRefused extends Error {
  constructor(readonly problem: Exclude<ProfileImageProblem, 'failed'>) {
    super(`profile image refused on the device: ${problem}`);
  }
}

function checkOnDevice(file: File): void {
  // Contract section 11's limits, checked on the device so a photo the server refuses is never uploaded.
  const typeOk = file.type ? (IMAGE_CONTENT_TYPES as readonly string[]).includes(file.type) : IMAGE_NAME_RE.test(file.name);
  if (!typeOk) throw new ProfileImageRefused('wrong-type');
  if (file.size > MAX_UPLOAD_BYTES) throw new ProfileImageRefused('too-large');
}

/** A failed upload's error → what to tell the student: the device's check, or the server's 413 / FILE_400. */
export function profileImageProblem(error: unknown): ProfileImageProblem {
  if (error instanceof ProfileImageRefused) return error.problem;
  if (error instanceof ApiError) {
    if (error.status === 413 || error.code === 'COMMON413') return 'too-large';
    if (error.code === 'FILE_400') return 'wrong-type';
  }
  return 'failed';
}

/**
 * Spec "Files": POST /api/aws/presigned-url {fileName} → PUT the file there with its content type
 * → PATCH /api/members/profile-image {profileImageUrl: s3Url}.
 */
async function uploadProfileImage(file: File): Promise<string> {
  checkOnDevice(file);
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
  if (!put.ok) throw await errorFromResponse(put);
  await apiJson<z.infer<typeof profileImageUpdatedSchema>>('/api/members/profile-image', { method: 'PATCH', json: { profileImageUrl: s3Url } });
  return s3Url;
}

export function useUploadProfileImage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadProfileImage,
    // The photo shows on the own profile and the my page.
    onSuccess: () => invalidateKeys(queryClient, [memberKeys.me(), memberKeys.myPage()]),
    // Logged here; the screen tells the student why (`profileImageProblem`).
    onError: (error) => console.error('failed to upload the profile image', error),
  });
}
