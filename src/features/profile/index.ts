export { memberDetailQueryOptions } from './api/member-detail';
export { meQueryOptions } from './api/me';
export { profileKeys } from './api/keys';
export { MemberProfile } from './components/member-profile';
export { MyProfile } from './components/my-profile';
