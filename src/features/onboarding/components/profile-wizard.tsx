import { useEffect, useState, type ComponentProps, type FormEvent } from 'react';
import type { InterestCode } from '../../../../contract/interests';
import type { Slot } from '../../../../contract/timetable';
import { MEMBER_NAME_MAX } from '../../../../contract/auth-values';
import { Button } from '../../../components/ui/button';
import { Dropdown } from '../../../components/ui/dropdown';
import { BackButton } from '../../../components/ui/header';
import { InfoIcon } from '../../../components/ui/icons';
import { ConfirmDialog } from '../../../components/ui/modal';
import { TextField } from '../../../components/ui/text-field';
import { TimetableGrid } from '../../../components/ui/timetable-grid';
import { TopicPicker } from '../../../components/ui/topic-picker';
import { getAccessToken, tokenMemberId } from '../../../lib/auth';
import { errorText } from '../../../lib/http';
import { useCampusChoices } from '../../../entities/campus';
import { useSignUp } from '../../../entities/session';
import { clearWizard, loadWizard, saveWizard } from '../model/draft-storage';
import { EMPTY_DRAFT, STEP_COUNT, toSignUpBody, validateStep, type ProfileDraft } from '../model/profile-draft';
import * as styles from './profile-wizard.css';
import { StepIllustration } from './step-illustration';

const FORM_ID = 'profile-wizard-step';

interface ProfileWizardProps {
  /** Back from the first step (to /onboarding). */
  onExit: () => void;
  /** After a successful submit (to /onboarding/complete). */
  onDone: () => void;
  /** The name given at sign-in: step 1 starts with it until the student types their own. */
  suggestedName?: string;
}

/** Spec "Profile wizard": five steps, each checked before moving on; the last one submits. */
export function ProfileWizard({ onExit, onDone, suggestedName }: ProfileWizardProps) {
  // A reload returns to the step and the answers it left (model/draft-storage.ts).
  const [memberId] = useState(() => tokenMemberId(getAccessToken()));
  const [restored] = useState(() => loadWizard(memberId));
  const [step, setStep] = useState(restored?.step ?? 0);
  const [stored, setDraft] = useState<ProfileDraft>(restored?.draft ?? EMPTY_DRAFT);
  // Until the student types in step 1, its name is the one given at sign-in (known once the
  // route's query answers; a longer one than the step allows is not suggested). Derived, not
  // copied into state, so a late answer fills the field and nothing typed is ever replaced.
  const [nameTouched, setNameTouched] = useState(restored?.nameTouched ?? false);
  const [submitted, setSubmitted] = useState(false);
  const suggested = suggestedName?.trim() ?? '';
  const draft = nameTouched || suggested.length > MEMBER_NAME_MAX ? stored : { ...stored, name: suggested };
  const [message, setMessage] = useState<string | null>(null);
  const [infoOpen, setInfoOpen] = useState(false);
  const signUp = useSignUp();
  const update = (patch: Partial<ProfileDraft>) => setDraft((current) => ({ ...current, ...patch }));

  useEffect(() => {
    if (!submitted) saveWizard(memberId, { step, draft: stored, nameTouched });
  }, [memberId, step, stored, nameTouched, submitted]);

  const next = (event?: FormEvent) => {
    event?.preventDefault();
    if (signUp.isPending) return;
    const problem = validateStep(step, draft);
    if (problem) {
      setMessage(problem);
      return;
    }
    if (step < STEP_COUNT - 1) {
      setStep(step + 1);
      window.scrollTo(0, 0);
      return;
    }
    signUp.mutate(toSignUpBody(draft), {
      onSuccess: () => {
        // Finished: the next sign-up on this device starts empty.
        setSubmitted(true);
        clearWizard();
        onDone();
      },
      onError: (error) => {
        console.error('signup failed', error);
        // The server re-checks everything; say what it refused instead of failing silently.
        setMessage(errorText(error, '요청 중 오류가 발생했어요'));
      },
    });
  };

  const back = () => (step === 0 ? onExit() : setStep(step - 1));

  return (
    <div className={styles.root}>
      <div className={styles.topBar}>
        <BackButton onClick={back} label={step === 0 ? '로그인 화면으로 돌아가기' : '이전 단계로'} />
        <span className={styles.progressText} aria-hidden="true">
          {step + 1} / {STEP_COUNT}
        </span>
      </div>
      <div
        className={styles.progress}
        role="progressbar"
        aria-label="프로필 작성 단계"
        aria-valuemin={1}
        aria-valuemax={STEP_COUNT}
        aria-valuenow={step + 1}
        aria-valuetext={`${STEP_COUNT}단계 중 ${step + 1}단계`}
      >
        {Array.from({ length: STEP_COUNT }, (_, index) => (
          <span key={index} className={styles.progressSegment} data-done={index <= step} />
        ))}
      </div>

      <h1 className={styles.heading}>프로필 작성 중</h1>
      <ul className={styles.notes}>
        <li>매칭을 위해 꼭 필요한 정보예요.</li>
        <li>작성한 내용은 나중에 마이페이지에서 바꿀 수 있어요.</li>
      </ul>

      <div className={styles.illustration}>
        <StepIllustration step={step} />
      </div>

      <form id={FORM_ID} key={step} className={styles.step} onSubmit={next} noValidate>
        {step === 0 ? (
          <TextStep
            question="이름을 알려 주세요"
            label="이름"
            name="name"
            autoComplete="name"
            placeholder="실명을 입력해 주세요"
            maxLength={MEMBER_NAME_MAX}
            value={draft.name}
            onChange={(name) => {
              setNameTouched(true);
              update({ name });
            }}
            labelAddon={
              <button type="button" className={styles.infoButton} aria-label="실명 정책 안내" onClick={() => setInfoOpen(true)}>
                <InfoIcon size={18} />
              </button>
            }
          />
        ) : null}
        {step === 1 ? (
          <TextStep
            question="학번을 알려 주세요"
            label="학번"
            name="studentNo"
            inputMode="numeric"
            autoComplete="off"
            placeholder="예) 25"
            hint="입학년도 끝 두 자리만 적어 주세요. 예) 2025년 입학 → 25"
            value={draft.studentNo}
            onChange={(studentNo) => update({ studentNo })}
          />
        ) : null}
        {step === 2 ? (
          <DepartmentStep
            collegeId={draft.collegeId}
            departmentId={draft.departmentId}
            onCollege={(collegeId) =>
              // A department belongs to one college: changing the college clears it.
              update({ collegeId, departmentId: collegeId === draft.collegeId ? draft.departmentId : 0 })
            }
            onDepartment={(departmentId) => update({ departmentId })}
          />
        ) : null}
        {step === 3 ? <TopicStep value={draft.interests} onChange={(interests) => update({ interests })} /> : null}
        {step === 4 ? <TimeStep initialSlots={draft.timeTables} onChange={(timeTables) => update({ timeTables })} /> : null}
      </form>

      <div className={styles.footer}>
        <Button type="submit" form={FORM_ID} block disabled={signUp.isPending}>
          {signUp.isPending ? '저장하는 중이에요' : '다음'}
        </Button>
      </div>

      <ConfirmDialog open={message !== null} onClose={() => setMessage(null)} text={message} confirmLabel="닫기" />
      <ConfirmDialog
        open={infoOpen}
        onClose={() => setInfoOpen(false)}
        title="런치챗은 실명으로 이용해요"
        text={'서로 믿고 만날 수 있도록 실제 이름을 적어 주세요.\n이름은 매칭된 상대와 채팅에서 보여요.\n실명이 아닌 이름은 이용이 제한될 수 있어요.'}
        confirmLabel="닫기"
      />
    </div>
  );
}

type TextStepProps = { question: string; value: string; onChange: (value: string) => void } & Omit<ComponentProps<typeof TextField>, 'value' | 'onChange'>;

/** A step that asks one question with one text field (name, student number). */
function TextStep({ question, value, onChange, ...field }: TextStepProps) {
  return (
    <>
      <h2 className={styles.question}>{question}</h2>
      <TextField {...field} value={value} onChange={(event) => onChange(event.target.value)} />
    </>
  );
}

interface DepartmentStepProps {
  collegeId: number;
  departmentId: number;
  onCollege: (id: number) => void;
  onDepartment: (id: number) => void;
}

function DepartmentStep({ collegeId, departmentId, onCollege, onDepartment }: DepartmentStepProps) {
  const { colleges, departments } = useCampusChoices(collegeId);
  const collegeOptions = (colleges.data ?? []).map(({ id, name }) => ({ value: id, label: name }));
  const departmentOptions = (departments.data ?? []).map(({ id, name }) => ({ value: id, label: name }));
  return (
    <>
      <h2 className={styles.question}>학과를 선택해 주세요</h2>
      <Dropdown
        label="단과대학"
        placeholder="단과대학을 선택해 주세요"
        options={collegeOptions}
        value={collegeId > 0 ? collegeId : null}
        onChange={onCollege}
        emptyText={colleges.isPending ? '불러오는 중이에요' : '단과대학 정보가 없어요'}
      />
      <Dropdown
        label="학과"
        placeholder={collegeId > 0 ? '학과를 선택해 주세요' : '단과대학을 먼저 선택해 주세요'}
        options={departmentOptions}
        value={departmentId > 0 ? departmentId : null}
        onChange={onDepartment}
        disabled={collegeId === 0}
        emptyText={departments.isPending ? '불러오는 중이에요' : '학과 정보가 없어요'}
      />
    </>
  );
}

function TopicStep({ value, onChange }: { value: InterestCode[]; onChange: (value: InterestCode[]) => void }) {
  return (
    <>
      <h2 className={styles.question}>어떤 목적으로 런치챗을 시작하나요?</h2>
      <p className={styles.sub}>최대 3개까지 고를 수 있어요.</p>
      <TopicPicker value={value} onChange={onChange} label="런치챗을 시작하는 목적" />
    </>
  );
}

function TimeStep({ initialSlots, onChange }: { initialSlots: Slot[]; onChange: (slots: Slot[]) => void }) {
  return (
    <>
      <h2 className={styles.question}>런치챗이 가능한 시간을 알려 주세요</h2>
      <p className={styles.sub}>칸을 누르거나 누른 채로 끌어서 여러 칸을 한 번에 바꿀 수 있어요.</p>
      <TimetableGrid editable initialSlots={initialSlots} onChange={onChange} label="런치챗 가능 시간" />
    </>
  );
}
