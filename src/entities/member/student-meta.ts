/** `25학번 · 경영학과` under a member's name (own summary, profile header); either part may be missing. */
export function studentMeta(studentNo: string | number | null | undefined, department: string | null | undefined): string {
  return [studentNo ? `${studentNo}학번` : '', department ?? ''].filter(Boolean).join(' · ');
}
