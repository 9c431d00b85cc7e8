export { EMPTY_DRAFT, STEP_COUNT, toSignUpBody, validateStep, type ProfileDraft } from './model/profile-draft';
export { ProfileWizard } from './components/profile-wizard';
export { WelcomeSplash } from './components/welcome-splash';
