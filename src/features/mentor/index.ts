export { formatPhone, MentorArticle } from './components/mentor-page';
