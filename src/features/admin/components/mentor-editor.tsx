import { useEffect, useId, useState, type ChangeEvent, type FormEvent, type ReactNode } from 'react';
import { mentorConfigInputSchema, type AdminMentorConfig, type MentorConfigInput } from '../../../../contract/admin';
import { checkMentorDate } from '../../../../contract/mentor-values';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { useMentorConfig, useSaveMentorConfig, useUploadBanner } from '../../../entities/admin';
import { ApiError } from '../../../lib/http';
import { useFocusFirstInvalid } from '../../../lib/use-focus-first-invalid';
import { useSingleFlight } from '../../../lib/use-single-flight';
import { seoulMonth, UniversityMonthPicker } from './university-month-picker';
import * as styles from './admin-console.css';

/** The mentor page as students see it; the route passes the mentor feature's component in. */
export type MentorPreviewRenderer = (mentor: MentorConfigInput) => ReactNode;

type Errors = Record<string, string>;

/** 이달의 멘토: every field of the mentor page per university and month, with a live preview. */
export function MentorEditor({ renderPreview }: { renderPreview: MentorPreviewRenderer }) {
  const [universityId, setUniversityId] = useState<number | null>(null);
  const [month, setMonth] = useState(seoulMonth);
  return (
    <div className={styles.panel}>
      <UniversityMonthPicker universityId={universityId} onUniversity={setUniversityId} month={month} onMonth={setMonth} />
      {universityId === null ? (
        <Spinner />
      ) : (
        <MentorForm key={`${universityId}:${month}`} universityId={universityId} month={month} renderPreview={renderPreview} />
      )}
    </div>
  );
}

function toInput(config: AdminMentorConfig): MentorConfigInput {
  const { mentorName, mentorTitle, mentorSub, intro, schedule, bannerImage } = config;
  return { mentorName, mentorTitle, mentorSub, intro: [...intro], schedule: { ...schedule }, bannerImage };
}

function MentorForm({ universityId, month, renderPreview }: { universityId: number; month: string; renderPreview: MentorPreviewRenderer }) {
  const query = useMentorConfig(universityId, month);
  const save = useSaveMentorConfig();
  const saving = useSingleFlight();
  const upload = useUploadBanner();
  const [draft, setDraft] = useState<MentorConfigInput | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const [notice, setNotice] = useState('');
  const { ref: formRef, focusFirstInvalid } = useFocusFirstInvalid<HTMLFormElement>();
  const errorIdBase = useId();
  const ids = { name: useId(), title: useId(), sub: useId(), date: useId(), time: useId(), place: useId(), capacity: useId(), banner: useId() };
  const introIds = [useId(), useId(), useId()];

  useEffect(() => {
    if (query.data && draft === null) setDraft(toInput(query.data));
  }, [query.data, draft]);

  if (query.isError)
    return (
      <p role="alert" className={styles.fieldError}>
        멘토 정보를 불러오지 못했어요.
      </p>
    );
  if (!draft || !query.data) return <Spinner />;

  const set = (patch: Partial<MentorConfigInput>) => {
    setDraft({ ...draft, ...patch });
    setNotice('');
  };
  const setSchedule = (patch: Partial<MentorConfigInput['schedule']>) => set({ schedule: { ...draft.schedule, ...patch } });
  const setIntro = (index: number, value: string) => {
    const intro: MentorConfigInput['intro'] = [...draft.intro];
    intro[index] = value;
    set({ intro });
  };

  const onBanner = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    try {
      set({ bannerImage: await upload.mutateAsync(file) });
      setErrors((e) => ({ ...e, bannerImage: '' }));
    } catch (error) {
      setErrors((e) => ({ ...e, bannerImage: error instanceof ApiError ? error.message : 'jpg, png, webp, gif 이미지(5MB 이하)만 올릴 수 있어요.' }));
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void saving.run(async () => {
      const parsed = mentorConfigInputSchema.safeParse(draft);
      // The server's rule for the session date (a day of this month, its real weekday), said before sending.
      const date = draft.schedule.date.trim() === '' ? undefined : checkMentorDate(draft.schedule.date, month);
      const next: Errors = {};
      if (date && 'problem' in date) next['schedule.date'] = date.problem;
      if (!parsed.success) for (const issue of parsed.error.issues) next[issue.path.join('.')] ??= issue.message;
      if (!parsed.success || Object.keys(next).length > 0) {
        setErrors(next);
        focusFirstInvalid();
        return;
      }
      setErrors({});
      // As the server stores it: a weekday left out is added, so the preview shows what students see.
      const config = date && 'date' in date ? { ...parsed.data, schedule: { ...parsed.data.schedule, date: date.date } } : parsed.data;
      setDraft(config);
      try {
        await save.mutateAsync({ universityId, month, config });
        setNotice(`${month} 멘토 정보를 저장했어요. 학생들에게 바로 보여요.`);
      } catch (error) {
        if (error instanceof ApiError) {
          setErrors(error.fieldErrors);
          setNotice(error.message);
          if (Object.keys(error.fieldErrors).length > 0) focusFirstInvalid();
        } else setNotice('저장하지 못했어요. 잠시 후 다시 시도해 주세요.');
      }
    });
  };

  // A field and its message: aria-invalid marks it (and is what useFocusFirstInvalid looks for),
  // aria-describedby makes the message what the field announces.
  const errorId = (key: string) => `${errorIdBase}-${key}`;
  const invalid = (key: string) => (errors[key] ? { 'aria-invalid': true, 'aria-describedby': errorId(key) } : {});
  const error = (key: string) =>
    errors[key] ? (
      <p id={errorId(key)} className={styles.fieldError} role="alert">
        {errors[key]}
      </p>
    ) : null;
  const text = (id: string, label: string, value: string, onChange: (v: string) => void, key: string, className?: string) => (
    <div className={`${styles.field} ${className ?? ''}`}>
      <label className={styles.label} htmlFor={id}>
        {label}
      </label>
      <input id={id} className={styles.input} value={value} onChange={(e) => onChange(e.target.value)} {...invalid(key)} />
      {error(key)}
    </div>
  );

  return (
    <div className={styles.editorGrid}>
      <form ref={formRef} className={styles.card} onSubmit={submit} noValidate aria-label="멘토 정보 편집">
        <h2 className={styles.cardTitle}>멘토 정보 {query.data.stored ? null : <span className={styles.badge}>기본값</span>}</h2>
        <div className={styles.formGrid}>
          {text(ids.name, '멘토 이름', draft.mentorName, (v) => set({ mentorName: v }), 'mentorName')}
          {text(ids.title, '멘토 소개 한 줄', draft.mentorTitle, (v) => set({ mentorTitle: v }), 'mentorTitle')}
          {text(ids.sub, '부제', draft.mentorSub, (v) => set({ mentorSub: v }), 'mentorSub', styles.span2)}
          {draft.intro.map((paragraph, index) => (
            <div key={index} className={`${styles.field} ${styles.span2}`}>
              <label className={styles.label} htmlFor={introIds[index]}>
                소개 문단 {index + 1}
              </label>
              <textarea
                id={introIds[index]}
                className={styles.textarea}
                value={paragraph}
                onChange={(e) => setIntro(index, e.target.value)}
                {...invalid(`intro.${index}`)}
              />
              {error(`intro.${index}`)}
            </div>
          ))}
          {text(ids.date, '날짜', draft.schedule.date, (v) => setSchedule({ date: v }), 'schedule.date')}
          {text(ids.time, '시간', draft.schedule.time, (v) => setSchedule({ time: v }), 'schedule.time')}
          {text(ids.place, '장소', draft.schedule.place, (v) => setSchedule({ place: v }), 'schedule.place')}
          <div className={styles.field}>
            <label className={styles.label} htmlFor={ids.capacity}>
              정원
            </label>
            <input
              id={ids.capacity}
              className={styles.input}
              type="number"
              inputMode="numeric"
              min={1}
              max={100}
              value={Number.isFinite(draft.schedule.capacity) ? draft.schedule.capacity : ''}
              onChange={(e) => setSchedule({ capacity: e.target.value === '' ? Number.NaN : Number(e.target.value) })}
              {...invalid('schedule.capacity')}
            />
            {error('schedule.capacity')}
          </div>
          <div className={`${styles.field} ${styles.span2}`}>
            <label className={styles.label} htmlFor={ids.banner}>
              배너 이미지
            </label>
            <input
              id={ids.banner}
              type="file"
              accept="image/png,image/jpeg,image/webp,image/gif"
              onChange={(e) => void onBanner(e)}
              {...invalid('bannerImage')}
            />
            <p className={styles.muted}>{upload.isPending ? '올리는 중…' : draft.bannerImage}</p>
            {error('bannerImage')}
          </div>
        </div>
        <div className={styles.actions}>
          <Button type="submit" size="md" disabled={saving.running || upload.isPending}>
            {saving.running ? '저장 중…' : '저장하기'}
          </Button>
          <Button variant="secondary" size="md" onClick={() => setDraft(toInput(query.data))}>
            되돌리기
          </Button>
          <p className={styles.status} role="status">
            {notice}
          </p>
        </div>
      </form>
      <aside className={styles.preview} aria-label="학생 화면 미리보기">
        {renderPreview(draft)}
      </aside>
    </div>
  );
}
