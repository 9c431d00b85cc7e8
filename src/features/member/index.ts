export { memberKeys } from './api/keys';
export { fetchMyPage, myPageQueryOptions, useMyPage, type MyPageInfo } from './api/my-page';
export { fetchUniName, uniNameQueryOptions, useUniName } from './api/uni-name';
export { MyPageView } from './components/my-page';
export { MySummary } from './components/my-summary';
