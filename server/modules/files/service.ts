import { AppError } from '../../lib/http';
import type { UploadsRepo } from './repo';
import type { LocalStorage, S3Storage } from './storage';

const NOT_OURS = '이 서비스에서 업로드한 이미지만 사용할 수 있어요.';
const NOT_ARRIVED = '사진 업로드가 아직 끝나지 않았어요. 다시 시도해 주세요.';
const NOT_AN_IMAGE = 'jpg, png, webp, gif 이미지(5MB 이하)만 올릴 수 있어요.';

export function filesService(storage: LocalStorage | S3Storage, uploads: UploadsRepo) {
  return {
    /**
     * PATCH profile-image accepts only a URL issued to this member whose file has arrived and is
     * an image by its bytes. Local uploads are checked when they arrive; an S3 upload went straight
     * to the bucket, so it is inspected the first time it is used.
     */
    async assertUsableProfileImage(memberId: number, url: string): Promise<void> {
      if (await uploads.isUsableProfileImage(memberId, url)) return;
      if (storage.kind !== 's3') throw new AppError('FILE_400', { profileImageUrl: NOT_OURS });
      const key = await uploads.pendingByUrl(memberId, url);
      if (key === undefined) throw new AppError('FILE_400', { profileImageUrl: NOT_OURS });
      const found = await storage.inspect(key);
      if (found === 'missing') throw new AppError('FILE_400', { profileImageUrl: NOT_ARRIVED });
      if (found === 'refused') throw new AppError('FILE_400', { profileImageUrl: NOT_AN_IMAGE });
      await uploads.complete(key, found.contentType, found.size);
    },
  };
}
