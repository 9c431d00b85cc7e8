// Plain values of contract/mentor.ts, no zod: the PWA imports these from here, so a browser never builds
// the schemas of mentor.ts (decision 0022); the server imports them through mentor.ts.
import type { MentorConfig } from './mentor';

/** Spec section 4: the four mentor-config keys. */
export const UNIVERSITY_KEYS = ['catholic', 'ewha', 'kau', 'default'] as const;

export type UniversityKey = (typeof UNIVERSITY_KEYS)[number];

const DATE = '9월 8일 (목)';
const TIME = '12:30 ~ 13:20';
const LIBRARY = '중앙도서관 5층 스터디룸';
const ENGINEERING = '제3공학관 스터디룸';

/** Spec section 3: fixed per university key (date, time, places, capacity as given there). */
export const MENTOR_CONFIGS: Record<UniversityKey, MentorConfig> = {
  catholic: {
    key: 'catholic',
    bannerImage: '/images/mentor-catholic.webp',
    mentorName: '김다현 멘토',
    mentorTitle: '가톨릭대 경영학과 졸업 · 식품 기업 마케터',
    mentorSub: '첫 취업 준비, 선배에게 편하게 물어보세요',
    intro: [
      '안녕하세요! 가톨릭대를 졸업하고 식품 기업에서 브랜드 마케팅을 하고 있어요.',
      '전공 선택부터 대외활동, 인턴, 첫 취업까지 제가 겪은 시행착오를 솔직하게 나눠 드릴게요.',
      '점심 한 끼 함께하면서 요즘 고민을 가볍게 이야기해요. 어떤 질문이든 환영이에요.',
    ],
    schedule: { date: DATE, time: TIME, place: LIBRARY, capacity: 5 },
  },
  ewha: {
    key: 'ewha',
    bannerImage: '/images/mentor-ewha.webp',
    mentorName: '이서윤 멘토',
    mentorTitle: '이화여대 컴퓨터공학과 졸업 · IT 기업 백엔드 개발자',
    mentorSub: '개발자 커리어가 궁금하다면 지금 신청하세요',
    intro: [
      '안녕하세요! 이화여대 컴퓨터공학과를 졸업하고 IT 기업에서 서버 개발을 하고 있어요.',
      '전공 공부와 프로젝트, 코딩 테스트 준비, 개발 직군 취업 과정을 자세히 이야기해 드릴게요.',
      '비전공자도, 새내기도 모두 환영이에요. 편하게 점심 먹으면서 이야기 나눠요.',
    ],
    schedule: { date: DATE, time: TIME, place: LIBRARY, capacity: 5 },
  },
  kau: {
    key: 'kau',
    bannerImage: '/images/mentor-kau.webp',
    mentorName: '박준호 멘토',
    mentorTitle: '한국항공대 항공우주공학과 졸업 · 항공사 정비 엔지니어',
    mentorSub: '항공 업계 진로, 현직자에게 직접 들어 보세요',
    intro: [
      '안녕하세요! 한국항공대 항공우주공학과를 졸업하고 항공사에서 정비 엔지니어로 일하고 있어요.',
      '항공 업계 채용 과정, 자격증 준비, 현장에서 필요한 역량을 경험을 바탕으로 알려 드릴게요.',
      '진로가 막막하게 느껴진다면 가볍게 신청해 주세요. 함께 방향을 찾아봐요.',
    ],
    schedule: { date: DATE, time: TIME, place: ENGINEERING, capacity: 5 },
  },
  default: {
    key: 'default',
    bannerImage: '/images/mentor-default.webp',
    mentorName: '최민재 멘토',
    mentorTitle: 'UMC 운영진 출신 · 스타트업 프로덕트 매니저',
    mentorSub: '동아리 활동이 커리어가 되는 법, 같이 이야기해요',
    intro: [
      '안녕하세요! 대학 연합 IT 동아리 UMC 운영진을 거쳐 스타트업에서 프로덕트 매니저로 일하고 있어요.',
      '프로젝트 경험을 포트폴리오로 만드는 법과 스타트업에서 일한다는 것에 대해 이야기해 드릴게요.',
      '소규모로 진행하니 궁금한 점을 미리 적어 주시면 더 알차게 준비할게요.',
    ],
    schedule: { date: DATE, time: TIME, place: ENGINEERING, capacity: 3 },
  },
};

const WEEKDAYS = '일월화수목금토';

/** A session date as students read it: `11월 30일 (월)`, the weekday from the calendar (month 1-based). */
export function mentorDateLabel(year: number, month: number, day: number): string {
  return `${month}월 ${day}일 (${WEEKDAYS[new Date(Date.UTC(year, month - 1, day)).getUTCDay()]})`;
}

const MENTOR_DATE_RE = /^(\d{1,2})\s*월\s*(\d{1,2})\s*일\s*(?:\(\s*([일월화수목금토])(?:요일)?\s*\))?$/;

/**
 * Checks an operator's session date for the month it is saved under (`YYYY-MM`, contract section
 * 16): `M월 D일`, a day of that month, with a weekday that is the calendar's (left out, it is
 * added). Answers the date to store, or the Korean field message. Shared by the console's form
 * and the server, so a mentor page never offers "9월 8일 (목)" when 9월 8일 is a Tuesday.
 */
export function checkMentorDate(date: string, month: string): { date: string } | { problem: string } {
  const [year, m] = month.split('-').map(Number) as [number, number];
  const example = mentorDateLabel(year, m, 1);
  const match = MENTOR_DATE_RE.exec(date.trim());
  if (!match) return { problem: `날짜는 ${example}처럼 입력해 주세요.` };
  const [, monthText, dayText, weekday] = match;
  const [givenMonth, day] = [Number(monthText), Number(dayText)];
  if (givenMonth !== m) return { problem: `${m}월 멘토의 날짜는 ${m}월 안에서 입력해 주세요.` };
  const lastDay = new Date(Date.UTC(year, m, 0)).getUTCDate();
  if (day < 1 || day > lastDay) return { problem: `${m}월에는 ${day}일이 없어요.` };
  const label = mentorDateLabel(year, m, day);
  const actual = label.slice(-2, -1);
  if (weekday && weekday !== actual) return { problem: `${m}월 ${day}일은 ${actual}요일이에요. 요일을 확인해 주세요.` };
  return { date: label };
}

export const MENTOR_QUESTION_MAX = 500;

/** Korean mobile numbers: 010-1234-5678 or 01012345678 (also the older 011/016/017/018/019). */
export const KOREAN_MOBILE_RE = /^(01[016789]-\d{3,4}-\d{4}|01[016789]\d{7,8})$/;

/** The form's Korean messages, shared by the schema below and the PWA's form (which checks by hand, decision 0022). */
export const MENTOR_APPLY_MESSAGES = {
  phoneMissing: '휴대폰 번호를 입력해 주세요.',
  phone: '휴대폰 번호는 010-1234-5678 형식으로 입력해 주세요.',
  question: '질문을 입력해 주세요.',
  questionTooLong: '질문은 500자 이하로 입력해 주세요.',
} as const;
