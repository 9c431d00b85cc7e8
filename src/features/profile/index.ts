export { MemberProfile } from './components/member-profile';
export { MyProfile } from './components/my-profile';
