export { formatPhone, MentorPage } from './components/mentor-page';
