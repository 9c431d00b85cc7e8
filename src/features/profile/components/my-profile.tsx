import { IMAGE_CONTENT_TYPES } from '../../../../contract/files-values';
import { useRouter } from '@tanstack/react-router';
import { useRef, type ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { FirstLoad } from '../../../components/ui/first-load';
import { profileImageProblem, useMe, useUploadProfileImage, type ProfileImageProblem } from '../../../entities/member';
import { showToast } from '../../../lib/toast';
import * as styles from './my-profile.css';
import { ProfileBody } from './profile-body';
import { useLogError } from '../../../lib/use-log-error';

// The edit pages are another issue's routes: plain paths keep this screen independent of them.
const EDIT_LINKS = [
  { href: '/my/edit-tag', label: '관심사 수정' },
  { href: '/my/edit-keyword', label: '키워드 수정' },
  { href: '/my/edit-time', label: '시간표 수정' },
] as const;

/** A failed photo says why (a QA finding: "only logged", spec section 8, left the student guessing). */
const PHOTO_FAILED = '사진을 올리지 못했어요';
const PHOTO_PROBLEMS: Record<ProfileImageProblem, string> = {
  'too-large': '5MB 이하 사진만 올릴 수 있어요.',
  'wrong-type': 'JPG, PNG, WEBP, GIF 사진만 올릴 수 있어요.',
  failed: '잠시 후 다시 시도해 주세요.',
};

interface MyProfileProps {
  /** Under the profile, composed by the route (the meetups feature's 받은 칭찬), as on /profile/{id}. */
  extra?: ReactNode;
}

/** /my/profile: own profile with the photo button, edit links and 수정 완료. */
export function MyProfile({ extra }: MyProfileProps) {
  const router = useRouter();
  const me = useMe();
  const upload = useUploadProfileImage();
  const fileRef = useRef<HTMLInputElement>(null);
  useLogError('my profile', me.error);

  if (me.isPending) return <FirstLoad query={me} />;
  if (!me.data) return <EmptyState title="프로필을 불러오지 못했어요" text="잠시 후 다시 시도해 주세요." />;

  const go = (href: string) => router.history.push(href);
  return (
    <>
      <ProfileBody
        profile={me.data}
        photoAction={
          <>
            <button
              type="button"
              className={styles.photoButton}
              aria-label="프로필 사진 바꾸기"
              aria-busy={upload.isPending}
              disabled={upload.isPending}
              onClick={() => fileRef.current?.click()}
            >
              <CameraIcon />
            </button>
            <input
              ref={fileRef}
              className={styles.file}
              type="file"
              accept={IMAGE_CONTENT_TYPES.join(',')}
              tabIndex={-1}
              aria-hidden="true"
              data-testid="profile-image-input"
              onChange={(event) => {
                const file = event.currentTarget.files?.[0];
                event.currentTarget.value = '';
                if (file) upload.mutate(file, { onError: (error) => showToast(PHOTO_FAILED, PHOTO_PROBLEMS[profileImageProblem(error)]) });
              }}
            />
          </>
        }
      >
        <ul className={styles.links}>
          {EDIT_LINKS.map((link) => (
            <li key={link.href}>
              <a
                className={styles.link}
                href={link.href}
                onClick={(event) => {
                  event.preventDefault();
                  go(link.href);
                }}
              >
                <PencilIcon />
                {link.label}
              </a>
            </li>
          ))}
        </ul>
      </ProfileBody>
      {extra}
      <div className={styles.bar}>
        <Button block onClick={() => void router.navigate({ to: '/my' })}>
          수정 완료
        </Button>
      </div>
    </>
  );
}

function CameraIcon() {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} aria-hidden="true" focusable="false">
      <path d="M4 8h3l2-3h6l2 3h3v11H4z" strokeLinejoin="round" />
      <circle cx="12" cy="13" r="3.5" />
    </svg>
  );
}

function PencilIcon() {
  return (
    <svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} aria-hidden="true" focusable="false">
      <path d="M4 20h4L19 9l-4-4L4 16z" strokeLinejoin="round" />
    </svg>
  );
}
