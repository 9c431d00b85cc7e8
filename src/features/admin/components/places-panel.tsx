import { useId, useState, type FormEvent } from 'react';
import { CAMPUS_PLACES_MAX } from '../../../../contract/admin-values';
import { campusPlacesBodySchema } from '../../../../contract/admin';
import { MEETUP_PLACE_MAX } from '../../../../contract/meetups-values';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { usePlaces, useSavePlaces, useUniversities } from '../../../entities/admin';
import { ApiError } from '../../../lib/http';
import { useSingleFlight } from '../../../lib/use-single-flight';
import { visuallyHidden } from '../../../styles/a11y.css';
import { UniversityMonthPicker } from './university-month-picker';
import * as styles from './admin-console.css';

type Errors = Record<string, string>;

/** 장소: a university's campus places, the list (and order) the meetup suggestions take a place from. */
export function PlacesPanel() {
  const [universityId, setUniversityId] = useState<number | null>(null);
  return (
    <div className={styles.panel}>
      <UniversityMonthPicker universityId={universityId} onUniversity={setUniversityId} />
      {universityId === null ? <Spinner /> : <PlacesForm key={universityId} universityId={universityId} />}
    </div>
  );
}

function PlacesForm({ universityId }: { universityId: number }) {
  const query = usePlaces(universityId);
  const save = useSavePlaces();
  const saving = useSingleFlight();
  const universities = useUniversities();
  // null: unedited, the stored list shows.
  const [edited, setDraft] = useState<string[] | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const [notice, setNotice] = useState('');
  const idPrefix = useId();
  const name = universities.data?.find((u) => u.universityId === universityId)?.name ?? '';

  if (query.isError)
    return (
      <p role="alert" className={styles.fieldError}>
        장소 목록을 불러오지 못했어요.
      </p>
    );
  if (!query.data) return <Spinner />;
  const stored = query.data.places;
  const draft = edited ?? stored;

  const change = (next: string[]) => {
    setDraft(next);
    setErrors({});
    setNotice('');
  };
  const move = (from: number, to: number) => {
    const next = [...draft];
    const [item] = next.splice(from, 1);
    next.splice(to, 0, item!);
    change(next);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void saving.run(async () => {
      const parsed = campusPlacesBodySchema.safeParse({ places: draft });
      if (!parsed.success) {
        const next: Errors = {};
        for (const issue of parsed.error.issues) next[issue.path.join('.')] ??= issue.message;
        setErrors(next);
        return;
      }
      try {
        const saved = await save.mutateAsync({ universityId, places: parsed.data.places });
        setDraft(null);
        setNotice(`${name} 장소 ${saved.places.length}곳을 저장했어요. 약속 추천에 바로 쓰여요.`);
      } catch (error) {
        if (error instanceof ApiError) {
          setErrors(error.fieldErrors);
          setNotice(error.message);
        } else setNotice('저장하지 못했어요. 잠시 후 다시 시도해 주세요.');
      }
    });
  };

  return (
    <form className={styles.card} onSubmit={submit} noValidate aria-label="장소 편집">
      <h2 className={styles.cardTitle}>{name} 약속 장소</h2>
      <p className={styles.muted}>학생들이 약속을 잡을 때 추천하는 장소예요. 위에서부터 차례로 추천해요. 한 곳 이상, {CAMPUS_PLACES_MAX}곳까지.</p>
      <ol className={styles.placeList}>
        {draft.map((place, i) => {
          const inputId = `${idPrefix}-${i}`;
          const error = errors[`places.${i}`];
          return (
            <li key={i} className={styles.placeRow}>
              <label className={styles.placeOrder} htmlFor={inputId}>
                {i + 1}
                <span className={visuallyHidden}>번째 장소</span>
              </label>
              <input
                id={inputId}
                className={styles.placeInput}
                value={place}
                maxLength={MEETUP_PLACE_MAX}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${inputId}-error` : undefined}
                onChange={(event) => change(draft.map((p, j) => (j === i ? event.target.value : p)))}
              />
              <Button size="md" variant="secondary" aria-label={`${i + 1}번째 장소를 위로`} disabled={i === 0} onClick={() => move(i, i - 1)}>
                ↑
              </Button>
              <Button size="md" variant="secondary" aria-label={`${i + 1}번째 장소를 아래로`} disabled={i === draft.length - 1} onClick={() => move(i, i + 1)}>
                ↓
              </Button>
              <Button size="md" variant="ghost" aria-label={`${i + 1}번째 장소 삭제`} onClick={() => change(draft.filter((_, j) => j !== i))}>
                삭제
              </Button>
              {error ? (
                <p id={`${inputId}-error`} className={styles.fieldError}>
                  {error}
                </p>
              ) : null}
            </li>
          );
        })}
      </ol>
      {errors.places ? (
        <p role="alert" className={styles.fieldError}>
          {errors.places}
        </p>
      ) : null}
      <div className={styles.actions}>
        <Button size="md" variant="secondary" disabled={draft.length >= CAMPUS_PLACES_MAX} onClick={() => change([...draft, ''])}>
          장소 추가
        </Button>
        <Button type="submit" size="md" disabled={saving.running}>
          {saving.running ? '저장 중…' : '저장'}
        </Button>
        <Button
          size="md"
          variant="ghost"
          onClick={() => {
            setDraft(null);
            setErrors({});
            setNotice('');
          }}
        >
          되돌리기
        </Button>
        {notice ? (
          <p className={styles.status} role="status">
            {notice}
          </p>
        ) : null}
      </div>
    </form>
  );
}
