import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { KOREAN_MOBILE_RE, MENTOR_APPLY_MESSAGES, MENTOR_QUESTION_MAX } from '../../../../contract/mentor-values';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/modal';
import { FirstLoad } from '../../../components/ui/first-load';
import { TextField } from '../../../components/ui/text-field';
import * as fieldStyles from '../../../components/ui/text-field.css';
import { ApiError } from '../../../lib/http';
import { useFocusFirstInvalid } from '../../../lib/use-focus-first-invalid';
import { useApplyMentor, useMentor, type MentorInfo } from '../../../entities/mentor';
import * as styles from './mentor-page.css';
import { useLogError } from '../../../lib/use-log-error';

/** What the article shows: the config fields (`applicants` only on the students' page). */
export type MentorArticleData = Pick<MentorInfo, 'bannerImage' | 'mentorName' | 'mentorTitle' | 'mentorSub' | 'intro' | 'schedule'> & { applicants?: number };

/** Spec "/monthly-mentor": banner, introduction, schedule and the application form. */
export function MentorPage() {
  const query = useMentor();
  useLogError('mentor', query.error);

  if (query.isPending) return <FirstLoad query={query} />;
  if (query.isError) {
    return (
      <div className={styles.errorBox} role="alert">
        <p>멘토 정보를 불러오지 못했어요.</p>
        <Button variant="secondary" onClick={() => void query.refetch()}>
          다시 불러오기
        </Button>
      </div>
    );
  }
  const mentor = query.data;
  // Nothing saved for this month: the fields are built-in defaults, not a session (contract section 13).
  if (mentor.configured === false) return <MentorPreparing />;
  return (
    <MentorArticle mentor={mentor}>
      <ApplyForm mentor={mentor} />
    </MentorArticle>
  );
}

/**
 * The mentor page without its data source: banner, introduction, schedule, then `children` (the
 * application form). The operator console renders it as the preview of what students will see.
 */
export function MentorArticle({ mentor, children }: { mentor: MentorArticleData; children?: ReactNode }) {
  return (
    <article className={styles.root}>
      <MentorBanner mentor={mentor} />
      <section className={styles.section} aria-labelledby="mentor-intro">
        <h2 id="mentor-intro" className={styles.sectionTitle}>
          멘토 소개
        </h2>
        {mentor.intro.map((paragraph, index) => (
          <p key={index} className={styles.paragraph}>
            {paragraph}
          </p>
        ))}
      </section>
      <section className={styles.section} aria-labelledby="mentor-schedule">
        <h2 id="mentor-schedule" className={styles.sectionTitle}>
          일정 안내
        </h2>
        <dl className={styles.schedule}>
          <dt>날짜</dt>
          <dd>{mentor.schedule.date}</dd>
          <dt>시간</dt>
          <dd>{mentor.schedule.time}</dd>
          <dt>장소</dt>
          <dd>{mentor.schedule.place}</dd>
          <dt>정원</dt>
          <dd>
            최대 {mentor.schedule.capacity}명
            {mentor.applicants !== undefined ? ` (현재 ${Math.min(mentor.applicants, mentor.schedule.capacity)}명 신청)` : null}
          </dd>
        </dl>
      </section>
      {children}
    </article>
  );
}

/** No mentor this month yet: said calmly, with nothing to apply for. */
function MentorPreparing() {
  return (
    <article className={styles.root}>
      <header className={styles.banner}>
        <div className={styles.bannerFallback} aria-hidden="true">
          <CupMark />
        </div>
        <div className={styles.bannerText}>
          <p className={styles.kicker}>이달의 커피챗 멘토</p>
          <h2 className={styles.preparingTitle}>이번 달 멘토를 준비하고 있어요</h2>
          <p className={styles.mentorSub}>멘토가 정해지면 이곳에서 커피챗을 신청할 수 있어요.</p>
        </div>
      </header>
    </article>
  );
}

function CupMark() {
  return (
    <svg
      className={styles.bannerMark}
      viewBox="0 0 64 64"
      fill="none"
      stroke="currentColor"
      strokeWidth={3}
      strokeLinecap="round"
      strokeLinejoin="round"
      focusable="false"
    >
      <path d="M10 26h36v12a14 14 0 0 1-14 14h-8a14 14 0 0 1-14-14V26Z" />
      <path d="M46 30h4a6 6 0 0 1 0 12h-5" />
      <path d="M20 10c0 4 4 4 4 8M30 10c0 4 4 4 4 8" />
    </svg>
  );
}

function MentorBanner({ mentor }: { mentor: MentorArticleData }) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const imageOk = mentor.bannerImage !== '' && failedUrl !== mentor.bannerImage;
  return (
    <header className={styles.banner}>
      {imageOk ? (
        <img
          className={styles.bannerImage}
          src={mentor.bannerImage}
          alt={`${mentor.mentorName} 배너 이미지`}
          onError={() => setFailedUrl(mentor.bannerImage)}
        />
      ) : (
        <div className={styles.bannerFallback} aria-hidden="true">
          <CupMark />
        </div>
      )}
      <div className={styles.bannerText}>
        <p className={styles.kicker}>이달의 커피챗 멘토</p>
        <h2 className={styles.mentorName}>{mentor.mentorName}</h2>
        <p className={styles.mentorTitle}>{mentor.mentorTitle}</p>
        <p className={styles.mentorSub}>{mentor.mentorSub}</p>
      </div>
    </header>
  );
}

type FieldErrors = { phone?: string; question?: string };

/** Formats digits as 010-1234-5678 while typing; other characters are dropped. */
export function formatPhone(value: string): string {
  const digits = value.replace(/\D/g, '').slice(0, 11);
  if (digits.length < 4) return digits;
  if (digits.length < 8) return `${digits.slice(0, 3)}-${digits.slice(3)}`;
  const middle = digits.length === 11 ? 4 : 3;
  return `${digits.slice(0, 3)}-${digits.slice(3, 3 + middle)}-${digits.slice(3 + middle)}`;
}

function ApplyForm({ mentor }: { mentor: MentorInfo }) {
  const [phone, setPhone] = useState('');
  const [question, setQuestion] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [message, setMessage] = useState<{ title: string; text: string } | null>(null);
  const apply = useApplyMentor();
  const questionId = useId();
  const { ref: formRef, focusFirstInvalid } = useFocusFirstInvalid<HTMLFormElement>();
  const full = mentor.applicants !== undefined && mentor.applicants >= mentor.schedule.capacity;
  const closed = mentor.applied === true || full;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (apply.isPending || closed) return;
    // The contract's rules (mentorApplyBodySchema), checked by hand: the app loads no zod (decision 0022).
    const body = { phone: phone.trim(), question: question.trim() };
    const next: FieldErrors = {};
    if (!KOREAN_MOBILE_RE.test(body.phone)) next.phone = MENTOR_APPLY_MESSAGES.phone;
    if (body.question.length < 1) next.question = MENTOR_APPLY_MESSAGES.question;
    else if (body.question.length > MENTOR_QUESTION_MAX) next.question = MENTOR_APPLY_MESSAGES.questionTooLong;
    if (next.phone || next.question) {
      setErrors(next);
      focusFirstInvalid();
      return;
    }
    setErrors({});
    apply.mutate(body, {
      onSuccess: () => {
        setPhone('');
        setQuestion('');
        setMessage({ title: '신청이 완료되었어요', text: `${mentor.schedule.date} ${mentor.schedule.time}에 만나요!` });
      },
      onError: (error) => {
        console.error('mentor application failed', error);
        // A field the server refused is said at the field, like the check before sending.
        if (error instanceof ApiError && (error.fieldErrors.phone || error.fieldErrors.question)) {
          setErrors({ phone: error.fieldErrors.phone, question: error.fieldErrors.question });
          focusFirstInvalid();
          return;
        }
        setMessage({ title: '신청하지 못했어요', text: error instanceof ApiError ? error.message : '요청 중 오류가 발생했어요' });
      },
    });
  };

  return (
    <section className={styles.section} aria-labelledby="mentor-apply">
      <h2 id="mentor-apply" className={styles.sectionTitle}>
        커피챗 신청하기
      </h2>
      {mentor.applied ? (
        <p className={styles.notice} role="status">
          이번 달 신청을 마쳤어요. 멘토링 당일에 만나요!
        </p>
      ) : full ? (
        <p className={styles.notice} role="status">
          이번 달 멘토링 신청이 마감되었어요.
        </p>
      ) : null}
      <form ref={formRef} className={styles.form} onSubmit={submit} noValidate>
        <TextField
          label="휴대폰 번호"
          name="phone"
          type="tel"
          inputMode="numeric"
          autoComplete="tel-national"
          placeholder="010-1234-5678"
          value={phone}
          onChange={(event) => setPhone(formatPhone(event.target.value))}
          aria-invalid={errors.phone ? true : undefined}
          // The error replaces the hint and is what the field announces.
          aria-describedby={errors.phone ? `${questionId}-phone-error` : undefined}
          hint={errors.phone ? undefined : '멘토링 안내 문자를 보내 드려요.'}
          disabled={closed}
        />
        {errors.phone ? (
          <p id={`${questionId}-phone-error`} className={`${styles.fieldError} ${styles.phoneError}`}>
            {errors.phone}
          </p>
        ) : null}
        <div className={fieldStyles.root}>
          <div className={fieldStyles.labelRow}>
            <label htmlFor={questionId} className={fieldStyles.label}>
              멘토에게 묻고 싶은 질문
            </label>
          </div>
          <textarea
            id={questionId}
            name="question"
            className={`${fieldStyles.input} ${styles.textarea}`}
            placeholder="미리 적어 주시면 더 알차게 준비할게요."
            value={question}
            maxLength={MENTOR_QUESTION_MAX}
            rows={5}
            onChange={(event) => setQuestion(event.target.value)}
            aria-invalid={errors.question ? true : undefined}
            aria-describedby={`${questionId}-hint`}
            disabled={closed}
          />
          <p id={`${questionId}-hint`} className={errors.question ? styles.fieldError : fieldStyles.hint}>
            {errors.question ?? `${question.length} / ${MENTOR_QUESTION_MAX}자`}
          </p>
        </div>
        <Button type="submit" block disabled={apply.isPending || closed}>
          {apply.isPending ? '신청하는 중이에요' : mentor.applied ? '신청 완료' : full ? '신청 마감' : '신청하기'}
        </Button>
      </form>
      <ConfirmDialog open={message !== null} onClose={() => setMessage(null)} title={message?.title} text={message?.text} confirmLabel="닫기" />
    </section>
  );
}
