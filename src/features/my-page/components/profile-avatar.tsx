import { useState } from 'react';
import { MyIcon } from '../../../components/ui/icons';

interface ProfileAvatarProps {
  url: string | null | undefined;
  name: string;
  className: string;
  iconSize?: number;
}

/** A member's photo; without one, or when the URL fails to load, the default figure. */
export function ProfileAvatar({ url, name, className, iconSize = 36 }: ProfileAvatarProps) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  if (url && failedUrl !== url) {
    return <img className={className} src={url} alt={`${name}님의 프로필 사진`} onError={() => setFailedUrl(url)} />;
  }
  return (
    <span className={className} role="img" aria-label={`${name}님의 기본 프로필 사진`}>
      <MyIcon size={iconSize} />
    </span>
  );
}
