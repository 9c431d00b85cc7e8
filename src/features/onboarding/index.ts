export { ProfileWizard } from './components/profile-wizard';
export { WelcomeSplash } from './components/welcome-splash';
