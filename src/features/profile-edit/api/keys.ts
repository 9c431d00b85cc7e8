/**
 * Query keys this feature reads, and the keys of other features its saves change. Features do
 * not import each other, so the latter are spelled out here; they mirror `memberKeys.myPage()`
 * (src/features/member) and `profileKeys.me()` / `profileKeys.detail(id)` (src/features/profile).
 */
export const profileEditKeys = {
  all: ['profileEdit'] as const,
  me: () => [...profileEditKeys.all, 'me'] as const,
  keywords: () => [...profileEditKeys.all, 'keywords'] as const,
};

export const changedElsewhere = {
  myPage: ['member', 'mypage'] as const,
  me: ['profile', 'me'] as const,
  /** Every member detail: the own id is not known here, and only mounted queries refetch. */
  details: ['profile', 'detail'] as const,
};
