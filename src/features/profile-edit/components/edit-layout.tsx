import { useBlocker, useNavigate, type ShouldBlockFn } from '@tanstack/react-router';
import { useCallback, useState, type FormEvent, type ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/modal';
import { FirstLoad } from '../../../components/ui/first-load';
import { useBackOverride } from '../../../lib/back-override';
import { errorText } from '../../../lib/http';
import type { FirstLoadQuery } from '../../../lib/online-status';
import * as styles from './edit-layout.css';

interface EditLayoutProps {
  formId: string;
  heading: string;
  sub?: string;
  /** The header's back button (→ /my/profile). */
  onBack: () => void;
  /** The values differ from what was loaded: leaving asks first. */
  dirty: boolean;
  onSubmit: () => void;
  saving: boolean;
  /** The query of the starting values: while it is pending the form waits; if it failed, `error` is shown. */
  start?: FirstLoadQuery;
  error?: boolean;
  onRetry?: () => void;
  message: string | null;
  onMessageClose: () => void;
  children: ReactNode;
}

/** The edit pages, laid out like the profile wizard: question, content, fixed 저장하기 button. */
export function EditLayout(props: EditLayoutProps) {
  const { formId, heading, sub, onBack, dirty, onSubmit, saving, start, error, onRetry, message, onMessageClose, children } = props;
  const loading = start?.isPending ?? false;
  useBackOverride(onBack);
  const leaving = useLeaveGuard(dirty);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!saving && !loading && !error) onSubmit();
  };
  return (
    <div className={styles.root}>
      <h1 className={styles.heading}>{heading}</h1>
      {sub ? <p className={styles.sub}>{sub}</p> : null}
      {start?.isPending ? <FirstLoad query={start} /> : null}
      {error ? (
        <div className={styles.error} role="alert">
          <p>저장된 정보를 불러오지 못했어요.</p>
          {onRetry ? (
            <Button variant="secondary" size="md" onClick={onRetry}>
              다시 불러오기
            </Button>
          ) : null}
        </div>
      ) : null}
      {!loading && !error ? (
        <form id={formId} className={styles.form} onSubmit={submit} noValidate>
          {children}
        </form>
      ) : null}
      <div className={styles.footer}>
        <Button type="submit" form={formId} block disabled={saving || loading || error}>
          {saving ? '저장하는 중이에요' : '저장하기'}
        </Button>
      </div>
      <ConfirmDialog open={message !== null} onClose={onMessageClose} text={message} confirmLabel="닫기" />
      <ConfirmDialog
        open={leaving.status === 'blocked'}
        // Escape, a tap outside or 계속 수정: the navigation is dropped and the page stays as it is.
        // 나가기 proceeds; the dialog's close that follows it finds the navigation already settled.
        onClose={() => leaving.reset?.()}
        title="수정한 내용이 저장되지 않았어요. 나갈까요?"
        confirmLabel="나가기"
        cancelLabel="계속 수정"
        onConfirm={() => leaving.proceed?.()}
      />
    </div>
  );
}

/**
 * Holds every in-app navigation away from the page while it has unsaved changes (the header's
 * back, the system back, a toast that opens a chat room) until the student answers the dialog; a
 * reload or closing the app gets the browser's own leave prompt, the only one a page may show
 * then. Registered only while dirty, so an untouched page, or one whose changes were undone,
 * leaves at once.
 */
function useLeaveGuard(dirty: boolean) {
  return useBlocker({ shouldBlockFn: leavesPage, withResolver: true, enableBeforeUnload: true, disabled: !dirty });
}

// A module constant: the router keeps one blocker instead of re-registering it on every render.
const leavesPage: ShouldBlockFn = ({ current, next }) => current.pathname !== next.pathname;

/** The Korean text of a failed save: the first field message, else the server's message. */
export function saveErrorText(error: unknown): string {
  return errorText(error, '요청 중 오류가 발생했어요');
}

interface SaveMutation<T> {
  mutate(value: T, options: { onSuccess: () => void; onError: (error: unknown) => void }): void;
  isPending: boolean;
}

/** The query an edit page starts from. */
interface StartingValues extends FirstLoadQuery {
  isError: boolean;
  refetch(): unknown;
}

/**
 * What every edit page shares: `save` sends through the mutation (a refused or failed save becomes
 * the dialog's message) and `layout` is the EditLayout props for back, saving, loading, the message
 * and `dirty` (the page's values differ from what it loaded).
 * Saving and going back both return to /my/profile, replacing the entry so the edit page is not left in history.
 */
export function useEditSave<T>(start: StartingValues, mutation: SaveMutation<T>, what: string, dirty: boolean) {
  const navigate = useNavigate();
  const toProfile = useCallback(() => void navigate({ to: '/my/profile', replace: true }), [navigate]);
  // After a save nothing is lost: the page's values are still "changed" against the loaded ones
  // until the refetch lands, so this one navigation passes the leave guard.
  const toProfileSaved = () => void navigate({ to: '/my/profile', replace: true, ignoreBlocker: true });
  const [message, setMessage] = useState<string | null>(null);
  const save = (value: T) =>
    mutation.mutate(value, {
      onSuccess: toProfileSaved,
      onError: (error) => {
        console.error(`${what} update failed`, error);
        setMessage(saveErrorText(error));
      },
    });
  const layout = {
    onBack: toProfile,
    dirty,
    saving: mutation.isPending,
    start,
    error: start.isError,
    onRetry: () => void start.refetch(),
    message,
    onMessageClose: () => setMessage(null),
  };
  return { save, setMessage, layout };
}
