export { formatPhone, MentorArticle, MentorPage, type MentorArticleData } from './components/mentor-page';
