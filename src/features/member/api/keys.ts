/** Query keys of the member feature, general → specific. */
export const memberKeys = {
  all: ['member'] as const,
  myPage: () => [...memberKeys.all, 'mypage'] as const,
  uniName: () => [...memberKeys.all, 'uniName'] as const,
};
