export { MyPageView } from './components/my-page';
