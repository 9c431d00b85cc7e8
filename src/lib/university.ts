/** Spec section 4 "University key": which fixed per-university config applies. */
export type UniversityKey = 'catholic' | 'kau' | 'ewha' | 'default';

const FULL_NAMES: Record<Exclude<UniversityKey, 'default'>, string> = {
  kau: '한국항공대학교',
  ewha: '이화여자대학교',
  catholic: '가톨릭대학교',
};

const SCHOOL_PARAM = /^(catholic|kau|ewha|default)$/;

/**
 * From the `school` query parameter when present, else from the server's short name
 * (`가톨릭대`, `한국항공대`, `이화여대`, `UMC대`, …). The umc check comes first on purpose.
 */
export function universityKey(shortName: string | null | undefined, schoolParam?: string | null): UniversityKey {
  const param = schoolParam?.trim().toLowerCase();
  if (param && SCHOOL_PARAM.test(param)) return param as UniversityKey;
  const name = (shortName ?? '').trim();
  if (!name || /umc/i.test(name)) return 'default';
  if (name.includes('항공')) return 'kau';
  if (name.includes('이화')) return 'ewha';
  if (name.includes('가톨릭')) return 'catholic';
  return 'default';
}

/** Full name for the three known universities; anything else (e.g. `UMC대`) shown as-is. */
export function universityDisplayName(shortName: string | null | undefined): string {
  const name = (shortName ?? '').trim();
  const key = universityKey(name);
  return key === 'default' ? name : FULL_NAMES[key];
}
