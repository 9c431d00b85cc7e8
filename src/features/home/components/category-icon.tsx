import type { InterestCode } from '../../../../contract/interests';

/** One line icon per interest category (decorative: the link text names it). */
const PATHS: Record<InterestCode, React.ReactNode> = {
  EXCHANGE_STUDENT: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M3 12h18M12 3c3.5 3.5 3.5 14.5 0 18M12 3c-3.5 3.5-3.5 14.5 0 18" />
    </>
  ),
  EMPLOYMENT_CAREER: (
    <>
      <rect x="3" y="7" width="18" height="13" rx="2" />
      <path d="M9 7V5a2 2 0 0 1 2-2h2a2 2 0 0 1 2 2v2M3 13h18" />
    </>
  ),
  EXAM_PREPARATION: <path d="m4 20 4-1L19 8l-3-3L5 16l-1 4ZM14 7l3 3" />,
  STARTUP: <path d="M9 18h6M10 21h4M12 3a6 6 0 0 0-3.5 10.9c.6.5 1 1.2 1 2v.1h5v-.1c0-.8.4-1.5 1-2A6 6 0 0 0 12 3Z" />,
  GPA_MANAGEMENT: <path d="M4 20h16M7 16v-5M12 16V7M17 16V9" />,
  FOREIGN_LANGUAGE_STUDY: (
    <>
      <path d="M4 5h16v11H9l-5 4V5Z" />
      <path d="m9 13 3-6 3 6M10 11h4" />
    </>
  ),
  HOBBY_LEISURE: (
    <>
      <path d="M9 18V5l11-2v13" />
      <circle cx="6" cy="18" r="3" />
      <circle cx="17" cy="16" r="3" />
    </>
  ),
  SCHOOL_LIFE: <path d="M3 6c3-1.5 6-1.5 9 0v14c-3-1.5-6-1.5-9 0V6ZM21 6c-3-1.5-6-1.5-9 0v14c3-1.5 6-1.5 9 0V6Z" />,
};

export function CategoryIcon({ code }: { code: InterestCode }) {
  return (
    <svg
      width={26}
      height={26}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {PATHS[code]}
    </svg>
  );
}
