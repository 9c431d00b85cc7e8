import { useId, useState } from 'react';
import { KEYWORD_DESCRIPTION_MAX, KEYWORD_QUESTIONS, KEYWORD_TITLE_MAX, KEYWORD_TYPES, type KeywordType } from '../../../../contract/members-values';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import * as fieldStyles from '../../../components/ui/text-field.css';
import { useMyKeywords, useSuggestKeyword, useUpdateKeywords, type KeywordInput, type StoredKeyword } from '../../../entities/member';
import { EditLayout, saveErrorText, useEditSave } from './edit-layout';
import * as styles from './edit-keyword.css';

type Draft = Record<KeywordType, { title: string; description: string }>;

function draftFrom(stored: readonly StoredKeyword[]): Draft {
  const draft = {} as Draft;
  for (const type of KEYWORD_TYPES) {
    const found = stored.find((keyword) => keyword.type === type);
    draft[type] = { title: found?.title ?? '', description: found?.description ?? '' };
  }
  return draft;
}

function sameDraft(a: Draft, b: Draft): boolean {
  return KEYWORD_TYPES.every((type) => a[type].title === b[type].title && a[type].description === b[type].description);
}

/** The first rule a draft breaks, as the Korean message; null when it can be saved. */
export function validateKeywords(draft: Draft): string | null {
  for (const type of KEYWORD_TYPES) {
    const { title, description } = draft[type];
    const question = KEYWORD_QUESTIONS[type];
    if (title.trim() === '') return `'${question}'를 입력해 주세요.`;
    if ([...title.trim()].length > KEYWORD_TITLE_MAX) return `키워드는 ${KEYWORD_TITLE_MAX}자 이하로 입력해 주세요.`;
    if (description.trim() === '') return `'${question}'의 설명을 입력해 주세요.`;
    if ([...description.trim()].length > KEYWORD_DESCRIPTION_MAX) return `설명은 ${KEYWORD_DESCRIPTION_MAX}자 이하로 입력해 주세요.`;
  }
  return null;
}

/** /my/edit-keyword: the three keyword questions, each with an AI suggestion for the title. */
export function EditKeyword() {
  const stored = useMyKeywords();
  const [edited, setEdited] = useState<Draft | null>(null);
  const loaded = draftFrom(stored.data ?? []);
  const draft = edited ?? loaded;
  const { save, setMessage, layout } = useEditSave(stored, useUpdateKeywords(), 'keyword', !sameDraft(draft, loaded));
  const change = (type: KeywordType, patch: Partial<Draft[KeywordType]>) =>
    setEdited((current) => {
      const base = current ?? draft;
      return { ...base, [type]: { ...base[type], ...patch } };
    });

  const submit = () => {
    const problem = validateKeywords(draft);
    if (problem) {
      setMessage(problem);
      return;
    }
    const keywords: KeywordInput[] = KEYWORD_TYPES.map((type) => ({
      type,
      title: draft[type].title.trim(),
      description: draft[type].description.trim(),
    }));
    save(keywords);
  };

  return (
    <EditLayout
      formId="edit-keyword"
      heading="나를 소개하는 키워드를 적어 주세요"
      sub={`키워드는 ${KEYWORD_TITLE_MAX}자, 설명은 ${KEYWORD_DESCRIPTION_MAX}자까지 쓸 수 있어요.`}
      onSubmit={submit}
      {...layout}
    >
      {KEYWORD_TYPES.map((type) => (
        <KeywordQuestion key={type} type={type} value={draft[type]} onChange={(patch) => change(type, patch)} onMessage={setMessage} />
      ))}
    </EditLayout>
  );
}

interface KeywordQuestionProps {
  type: KeywordType;
  value: { title: string; description: string };
  onChange: (patch: Partial<{ title: string; description: string }>) => void;
  onMessage: (message: string) => void;
}

function KeywordQuestion({ type, value, onChange, onMessage }: KeywordQuestionProps) {
  const suggest = useSuggestKeyword();
  const descriptionId = useId();
  const headingId = useId();
  const question = KEYWORD_QUESTIONS[type];

  const askAi = () => {
    if (value.description.trim() === '') {
      onMessage('AI 추천을 받으려면 설명을 먼저 입력해 주세요.');
      return;
    }
    suggest.mutate(value.description.trim(), {
      onSuccess: (keyword) => onChange({ title: [...keyword.trim()].slice(0, KEYWORD_TITLE_MAX).join('') }),
      onError: (error) => {
        console.error('keyword suggestion failed', error);
        onMessage(saveErrorText(error));
      },
    });
  };

  return (
    <fieldset className={styles.group} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.question}>
        {question}
      </h2>
      <div className={fieldStyles.root}>
        <div className={fieldStyles.labelRow}>
          <label htmlFor={descriptionId} className={fieldStyles.label}>
            설명
          </label>
        </div>
        <textarea
          id={descriptionId}
          name={`${type.toLowerCase()}-description`}
          className={`${fieldStyles.input} ${styles.textarea}`}
          placeholder="어떤 이야기를 나누고 싶은지 적어 주세요."
          value={value.description}
          maxLength={KEYWORD_DESCRIPTION_MAX}
          rows={3}
          onChange={(event) => onChange({ description: event.target.value })}
          aria-describedby={`${descriptionId}-count`}
        />
        <p id={`${descriptionId}-count`} className={fieldStyles.hint}>
          {[...value.description].length} / {KEYWORD_DESCRIPTION_MAX}자
        </p>
      </div>
      <div className={styles.titleRow}>
        <div className={styles.titleField}>
          <TextField
            label="키워드"
            name={`${type.toLowerCase()}-title`}
            placeholder={`${KEYWORD_TITLE_MAX}자 이내`}
            value={value.title}
            maxLength={KEYWORD_TITLE_MAX}
            onChange={(event) => onChange({ title: event.target.value })}
          />
        </div>
        <Button variant="secondary" size="md" className={styles.aiButton} onClick={askAi} disabled={suggest.isPending} aria-label={`${question} AI 추천`}>
          {suggest.isPending ? '추천 중…' : 'AI 추천'}
        </Button>
      </div>
    </fieldset>
  );
}
