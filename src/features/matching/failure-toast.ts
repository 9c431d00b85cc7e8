import { errorText } from '../../lib/http';
import { showToast } from '../../lib/toast';

const REQUEST_ERROR = '요청 중 오류가 발생했어요';

/** Fails with the server's Korean words (e.g. 404 MATCH_404 "런치챗 요청을 찾을 수 없어요." once withdrawn). */
export const onFailure = (title: string) => (error: Error) => {
  console.error(title, error);
  showToast(title, errorText(error, REQUEST_ERROR));
};
