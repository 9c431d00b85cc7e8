import { useId, useState, type FormEvent } from 'react';
import { seoulInstant, seoulParts } from '../../../../contract/seoul-time';
import { formatMeetupRange, MEETUP_PLACE_MAX } from '../../../../contract/meetups-values';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { Spinner } from '../../../components/ui/spinner';
import { useMeetups, useMeetupSuggestions, useProposeMeetup } from '../../../entities/meetup';
import { ApiError, errorText } from '../../../lib/http';
import { useWaitingForNetwork } from '../../../lib/online-status';
import { showToast } from '../../../lib/toast';
import { useFocusFirstInvalid } from '../../../lib/use-focus-first-invalid';
import * as styles from './meetups.css';

interface PlanMeetupSheetProps {
  matchId: number;
  partnerName: string;
  open: boolean;
  onClose(): void;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** Why no proposal can go (the server's 409 says the same): the pair already has an open meetup. */
const PARTNER_PROPOSED_FIRST = '상대가 먼저 약속을 제안했어요. 제안을 확인해 주세요.';
const ALREADY_OPEN = '이미 진행 중인 약속이 있어요.';
const SUGGESTIONS_OFFLINE = '오프라인이라 추천 시간을 불러올 수 없어요. 직접 정해 주세요.';
const PICK_A_TIME = '시간을 골라 주세요.';
const DATE_AND_TIME = '날짜와 시간을 골라 주세요.';
const PLACE_MISSING = '장소를 입력해 주세요.';

/** The sheet's fields a refusal can be about: the choice of time, the custom date and time, the place. */
type Field = 'slot' | 'date' | 'time' | 'place';
type FieldErrors = Partial<Record<Field, string>>;

/** Tomorrow 12:00 in Seoul, as the custom form's starting values. */
function defaultCustom() {
  const t = seoulParts(Date.now() + 86_400_000);
  return { date: `${t.year}-${pad(t.month)}-${pad(t.day)}`, time: '12:00' };
}

/**
 * "약속 잡기" (contract section 14): up to 5 suggestions from both timetables, or another date,
 * time and place typed in. Sending creates a PROPOSED meetup the partner sees as a card in the
 * chat room, a notification and a push.
 */
export function PlanMeetupSheet({ matchId, partnerName, open, onClose }: PlanMeetupSheetProps) {
  const suggestions = useMeetupSuggestions(matchId, open);
  const propose = useProposeMeetup();
  const upcoming = useMeetups('upcoming');
  // The pair's open meetup, once the list shows one: the partner proposed meanwhile (seen live, or
  // in the list every meetup write refetches, after this proposal's 409), or one was made
  // elsewhere. No proposal can go then: the sheet says why and keeps what was picked. Not while
  // this proposal is on its way or done, since its own meetup shows before the sheet closes.
  const taken = propose.isPending || propose.isSuccess ? undefined : upcoming.data?.find((m) => m.matchId === matchId);
  const takenReason = taken ? (taken.proposerId === taken.partner.id ? PARTNER_PROPOSED_FIRST : ALREADY_OPEN) : null;
  const [picked, setPicked] = useState<number | 'custom' | null>(null);
  const [custom, setCustom] = useState(defaultCustom);
  const [place, setPlace] = useState('');
  // What is wrong with a field, said under it (decision 0055); anything else (the network, a 409)
  // in `error`, above the buttons.
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [error, setError] = useState<string | null>(null);
  const { ref: formRef, focusFirstInvalid } = useFocusFirstInvalid<HTMLFormElement>();
  const errorId = useId();
  // A change answers the message about what it changed ("시간을 골라 주세요." once a time is
  // picked); the message above the buttons is about the last try as a whole.
  const answer = (...fields: Field[]) => {
    setError(null);
    setFieldErrors((current) => {
      const next = { ...current };
      for (const field of fields) delete next[field];
      return next;
    });
  };
  const pick = (choice: number | 'custom') => {
    answer('slot', 'date', 'time');
    setPicked(choice);
  };
  const editCustom = (change: Partial<typeof custom>) => {
    answer(...(Object.keys(change) as ('date' | 'time')[]));
    setCustom({ ...custom, ...change });
  };
  const editPlace = (value: string) => {
    answer('place');
    setPlace(value);
  };
  const refuse = (errors: FieldErrors) => {
    setFieldErrors(errors);
    focusFirstInvalid();
  };
  const items = suggestions.data ?? [];
  const suggestionsOffline = useWaitingForNetwork(suggestions);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (takenReason) return;
    setError(null);
    // Every field's problem at once, so one refused tap shows all there is to fix.
    const errors: FieldErrors = {};
    let body: { startsAt: string; endsAt?: string; place: string } | null = null;
    if (picked === 'custom') {
      const [y, m, d] = custom.date.split('-').map(Number);
      const [hh, mm] = custom.time.split(':').map(Number);
      if (!y || !m || !d) errors.date = DATE_AND_TIME;
      if (hh === undefined || mm === undefined || Number.isNaN(hh) || Number.isNaN(mm)) errors.time = DATE_AND_TIME;
      if (!place.trim()) errors.place = PLACE_MISSING;
      if (y && m && d && hh !== undefined && mm !== undefined) body = { startsAt: new Date(seoulInstant(y, m, d, hh, mm)).toISOString(), place: place.trim() };
    } else if (picked !== null && items[picked]) {
      const slot = items[picked];
      body = { startsAt: slot.startsAt, endsAt: slot.endsAt, place: place.trim() || slot.place };
      if (!body.place) errors.place = PLACE_MISSING;
    } else {
      // No 장소 check yet: an empty one takes the suggestion's place once a time is picked.
      errors.slot = PICK_A_TIME;
    }
    if (!body || Object.keys(errors).length > 0) {
      refuse(errors);
      return;
    }
    setFieldErrors({});
    propose.mutate(
      { matchId, ...body },
      {
        onSuccess: () => {
          showToast('약속을 제안했어요', `${partnerName}님이 수락하면 확정돼요.`);
          onClose();
        },
        onError: (e) => {
          // The server's 400 names startsAt / endsAt / place (contract section 14): said at the
          // field it is about, the time at the custom date and time or at the picked suggestion.
          const at: FieldErrors = {};
          for (const [key, message] of Object.entries(e instanceof ApiError ? e.fieldErrors : {})) {
            if (key === 'place') at.place = message;
            else if (key === 'startsAt' || key === 'endsAt') {
              if (picked === 'custom') Object.assign(at, { date: message, time: message });
              else at.slot = message;
            }
          }
          if (Object.keys(at).length > 0) refuse(at);
          else setError(errorText(e, e.message));
        },
      },
    );
  };

  // A field and its message: aria-invalid marks it (what useFocusFirstInvalid looks for),
  // aria-describedby makes the message what the field announces when it takes focus.
  const ids = { slot: `${errorId}-slot`, when: `${errorId}-when`, place: `${errorId}-place` };
  const invalid = (field: Field, messageId: string) => (fieldErrors[field] ? { 'aria-invalid': true, 'aria-describedby': messageId } : {});
  // A refused suggestion marks the one picked; no choice yet marks them all (the first takes focus).
  const slotInvalid = (choice: number | 'custom') => (picked === null || picked === choice ? invalid('slot', ids.slot) : {});
  const whenError = fieldErrors.date ?? fieldErrors.time;

  return (
    <Modal open={open} onClose={onClose} title={`${partnerName}님과 약속 잡기`}>
      {/* noValidate: the browser's own bubble (an empty date is `required`) would stop the submit before the sheet's Korean message. */}
      <form ref={formRef} className={styles.sheetBody} onSubmit={submit} aria-label="약속 잡기" noValidate>
        <p className={styles.note}>두 사람의 시간표가 모두 비어 있는 시간이에요.</p>
        {/* Never loaded and offline, the fetch waits for the network: say so, the custom time still works. */}
        {suggestionsOffline ? (
          <p className={styles.note} role="status">
            {SUGGESTIONS_OFFLINE}
          </p>
        ) : null}
        {suggestions.isPending && !suggestionsOffline ? <Spinner label="추천 시간을 불러오는 중이에요" /> : null}
        {suggestions.isError ? <p className={styles.error}>추천 시간을 불러오지 못했어요.</p> : null}
        {suggestions.isSuccess && items.length === 0 ? <p className={styles.empty}>7일 안에 겹치는 빈 시간이 없어요.</p> : null}
        {fieldErrors.slot ? (
          <p id={ids.slot} className={styles.error} role="alert">
            {fieldErrors.slot}
          </p>
        ) : null}
        <ul className={styles.options} aria-label="추천 시간">
          {items.map((slot, i) => (
            <li key={slot.startsAt}>
              <button type="button" className={styles.option} aria-pressed={picked === i} onClick={() => pick(i)} {...slotInvalid(i)}>
                <span>{formatMeetupRange(slot.startsAt, slot.endsAt)}</span>
                <span className={styles.optionPlace}>{slot.place}</span>
              </button>
            </li>
          ))}
          <li>
            <button type="button" className={styles.option} aria-pressed={picked === 'custom'} onClick={() => pick('custom')} {...slotInvalid('custom')}>
              다른 날짜·시간 직접 정하기
            </button>
          </li>
        </ul>
        {picked === 'custom' ? (
          <div className={styles.fieldGroup}>
            <div className={styles.fields}>
              <label className={styles.field}>
                날짜
                <input
                  className={styles.input}
                  type="date"
                  value={custom.date}
                  onChange={(e) => editCustom({ date: e.target.value })}
                  required
                  {...invalid('date', ids.when)}
                />
              </label>
              <label className={styles.field}>
                시간
                <input
                  className={styles.input}
                  type="time"
                  step={300}
                  value={custom.time}
                  onChange={(e) => editCustom({ time: e.target.value })}
                  required
                  {...invalid('time', ids.when)}
                />
              </label>
            </div>
            {whenError ? (
              <p id={ids.when} className={styles.error} role="alert">
                {whenError}
              </p>
            ) : null}
          </div>
        ) : null}
        <div className={styles.fieldGroup}>
          <label className={styles.field}>
            장소 {picked !== null && picked !== 'custom' ? '(비워 두면 추천 장소)' : ''}
            <input
              className={styles.input}
              value={place}
              maxLength={MEETUP_PLACE_MAX}
              placeholder={picked !== null && picked !== 'custom' ? items[picked]?.place : '예: 학생식당'}
              onChange={(e) => editPlace(e.target.value)}
              {...invalid('place', ids.place)}
            />
          </label>
          {fieldErrors.place ? (
            <p id={ids.place} className={styles.error} role="alert">
              {fieldErrors.place}
            </p>
          ) : null}
        </div>
        {takenReason || error ? (
          <p className={styles.error} role="alert">
            {takenReason ?? error}
          </p>
        ) : null}
        <div className={styles.sheetActions}>
          <Button variant="secondary" className={styles.grow} onClick={onClose}>
            닫기
          </Button>
          <Button type="submit" className={styles.grow} disabled={propose.isPending || takenReason !== null}>
            약속 제안하기
          </Button>
        </div>
      </form>
    </Modal>
  );
}

/** The "약속 잡기" action of an accepted match. */
export function PlanMeetupButton({ matchId, partnerName }: { matchId: number; partnerName: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="md" variant="secondary" onClick={() => setOpen(true)}>
        약속 잡기
      </Button>
      {open ? <PlanMeetupSheet matchId={matchId} partnerName={partnerName} open onClose={() => setOpen(false)} /> : null}
    </>
  );
}
