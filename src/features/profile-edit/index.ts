export { EditKeyword, validateKeywords } from './components/edit-keyword';
export { EditTag } from './components/edit-tag';
export { EditTime } from './components/edit-time';
