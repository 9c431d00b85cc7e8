import { useState } from 'react';
import { MyIcon } from '../../../components/ui/icons';
import * as styles from './avatar.css';

interface AvatarProps {
  src?: string | null;
  size?: keyof typeof styles.size;
}

const ICON_SIZE = { sm: 18, md: 22, lg: 28 } as const;

/** The friend's photo, or the default placeholder when there is none or it fails to load. */
export function Avatar({ src, size = 'md' }: AvatarProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const usable = src && src !== failedSrc ? src : null;
  return (
    <span className={styles.size[size]} aria-hidden="true">
      {usable ? (
        <img className={styles.image} src={usable} alt="" loading="lazy" decoding="async" onError={() => setFailedSrc(usable)} />
      ) : (
        <MyIcon size={ICON_SIZE[size]} />
      )}
    </span>
  );
}
