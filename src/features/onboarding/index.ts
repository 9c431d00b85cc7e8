export { collegeKeys } from './api/keys';
export { collegesQueryOptions, fetchColleges, useColleges } from './api/colleges';
export { departmentsQueryOptions, fetchDepartments, useDepartments } from './api/departments';
export { signUp, useSignUp } from './api/sign-up';
export { EMPTY_DRAFT, STEP_COUNT, toSignUpBody, validateStep, type ProfileDraft } from './model/profile-draft';
export { ProfileWizard } from './components/profile-wizard';
export { WelcomeSplash } from './components/welcome-splash';
