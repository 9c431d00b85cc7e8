import { useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { ApiError } from '../../lib/http';
import { Button } from '../ui/button';
import * as styles from './route-error.css';

/** Shown when a route's loader or component fails. */
export function RouteError({ error, reset }: ErrorComponentProps) {
  const router = useRouter();
  const message = error instanceof ApiError ? error.message : '잠시 후 다시 시도해 주세요.';
  return (
    <section className={styles.root} role="alert">
      <h1 className={styles.title}>화면을 불러오지 못했어요</h1>
      <p className={styles.text}>{message}</p>
      <Button
        size="md"
        onClick={() => {
          reset();
          void router.invalidate();
        }}
      >
        다시 시도
      </Button>
    </section>
  );
}

export function NotFound() {
  return (
    <section className={styles.root}>
      <h1 className={styles.title}>페이지를 찾을 수 없어요</h1>
      <p className={styles.text}>주소를 다시 확인해 주세요.</p>
    </section>
  );
}
