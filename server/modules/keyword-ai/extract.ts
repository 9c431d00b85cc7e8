/**
 * A deterministic, offline keyword picker for POST /api/members/keywordAI: the most frequent
 * Hangul noun of the description: particles come off nouns, nouns made verbs with 하다 count as
 * the noun, other verbs and adjectives and filler words do not count. A small rule set rather
 * than a morphological analyser: the Korean analysers on npm ship dictionaries of tens of MB
 * (or native code), for one five-character keyword.
 * Always answers with one keyword of at most 5 characters.
 */

export const FALLBACK_KEYWORD = '열정';
const KEYWORD_MAX_CHARS = 5;
// The word lists below are kept packed (prettier-ignore): one word per line would be 300 lines.

/**
 * Particles (josa) attach to nouns: `점심마다` is the noun `점심` and `마다`. Only one particle
 * group is removed, the longest that matches, and only when a noun of 2+ syllables is left:
 * stripping suffix after suffix is what turned `점심마다` into the fragment `점심마`.
 */
// prettier-ignore
const JOSA = [
  '에서부터', '으로부터', '에게서는', '에서는', '에서도', '에게는', '에게도', '에게서', '한테서', '으로는', '으로도', '으로서',
  '으로써', '이라고', '이라는', '이라도', '이든지', '까지는', '까지도', '부터는', '처럼은', '보다는', '마다', '에서', '에게',
  '한테', '께서', '으로', '로서', '로써', '로는', '로도', '부터', '까지', '처럼', '보다', '하고', '이랑', '이나', '이든', '라고',
  '라는', '라도', '조차', '마저', '밖에', '에는', '에도', '에선', '이란', '이면', '랑', '과', '와', '은', '는', '이', '가', '을',
  '를', '에', '의', '도', '로', '만', '엔', '께', '뿐', '란', '나',
].sort((a, b) => b.length - a.length);

/** `공부하고`, `고민했어요`: a noun made a verb with 하다 — the noun is the keyword. */
// prettier-ignore
const HADA_ENDINGS = [
  '하고싶어요', '하고싶습니다', '하고있어요', '하고있습니다', '하려고요', '하려고', '했습니다', '했어요', '했었어요', '합니다',
  '해봤어요', '해보고', '하는데', '했던', '하면서', '하며', '하면', '해서', '하기', '해요', '하는', '한다', '했다', '하고', '할',
  '함', '한', '해', '하다', '하죠', '하지만', '하니까',
].sort((a, b) => b.length - a.length);

/** Endings of other verbs and adjectives (`있어요`, `새로운`, `먹었어요`): such a word is no keyword. */
// prettier-ignore
const PREDICATE_ENDINGS = [
  '습니다', '었어요', '았어요', '였어요', '어요', '아요', '워요', '와요', '네요', '거든요', '는데요', '는데', '지만', '니까',
  '으니까', '면서', '으면서', '려고', '으려고', '고자', '도록', '겠어요', '겠다', '었다', '았다', '스러운', '로운', '다운',
  '싶은', '싶다', '있는', '없는', '같은', '좋은', '이에요', '예요', '입니다',
].sort((a, b) => b.length - a.length);

/** `목표예요`, `학생입니다`: a noun with the copula — the noun counts. */
// prettier-ignore
const COPULA_ENDINGS = ['이에요', '예요', '입니다', '이었어요', '였어요', '이다', '였다', '이라서', '라서'].sort((a, b) => b.length - a.length);

// prettier-ignore
const STOPWORDS = new Set([
  '저', '나', '제', '저는', '나는', '제가', '내가', '요즘', '최근', '정말', '진짜', '너무', '아주', '매우', '그리고', '하지만', '그래서', '그런데',
  '또', '더', '잘', '많이', '좀', '조금', '것', '거', '수', '때', '등', '및', '이런', '그런', '저런', '어떤', '모든', '여러', '다양', '가장',
  '관심', '관심사', '생각', '사람', '이번', '올해', '지금', '항상', '매일', '함께', '같이', '우리', '통해', '위해', '대한', '대해', '무엇',
  '현재', '앞으로', '키워드', '목표', '나의', '저의', '제일', '하나', '자주', '계속', '이제', '아직', '다시', '먼저', '특히', '보통', '언제',
  '하다', '되다', '있다', '없다', '좋다', '좋아', '좋아요', '싫어', '열심히', '꾸준히', '요새', '이상', '정도', '부분', '느낌',
]);

/**
 * Nouns whose last syllable looks like a particle (`고양이` is not `고양` + `이`): kept whole,
 * with a particle after them removed. Common ones among what students write about themselves.
 */
// prettier-ignore
const NOUNS_ENDING_LIKE_JOSA = [
  '고양이', '강아지', '아이', '나이', '놀이', '요가', '휴가', '여가', '사과', '국가', '평가', '작가', '화가', '전문가', '창업가',
  '예술가', '여행가', '만화가', '음악가', '사업가', '작곡가', '연주가', '소설가', '운동가', '디자이너', '바이올린', '피아노', '오디오',
  '스토리', '라디오', '비디오', '게임', '요리', '보드게임', '카페', '와인', '커피', '스키', '보드', '서핑', '다이어트', '봉사',
].sort((a, b) => b.length - a.length);

const endsWith = (word: string, endings: readonly string[]) => endings.find((e) => word.length > e.length && word.endsWith(e));

/** The noun a word contributes, or undefined for a predicate, a particle or one syllable. */
function nounOf(word: string): string | undefined {
  const known = NOUNS_ENDING_LIKE_JOSA.find((n) => word === n || (word.startsWith(n) && JOSA.includes(word.slice(n.length))));
  if (known) return known;
  let noun: string | undefined = word;
  const hada = endsWith(word, HADA_ENDINGS);
  const copula = endsWith(word, COPULA_ENDINGS);
  if (hada) noun = word.slice(0, -hada.length);
  else if (copula) noun = word.slice(0, -copula.length);
  else if (endsWith(word, PREDICATE_ENDINGS)) noun = undefined;
  else {
    const josa = endsWith(word, JOSA);
    // One syllable left (`책은`, `읽는`): a short noun or a verb; neither is a keyword.
    if (josa) noun = word.slice(0, -josa.length);
  }
  // Plural `들` (`사람들과` → `사람`), when a noun of 2+ syllables is left.
  if (noun !== undefined && noun.length >= 3 && noun.endsWith('들')) noun = noun.slice(0, -1);
  return noun !== undefined && noun.length >= 2 ? noun : undefined;
}

export function extractKeyword(description: string): string {
  const text = description.slice(0, 800);
  const counts = new Map<string, { n: number; first: number }>();
  let position = 0;
  for (const match of text.matchAll(/[가-힣]+/g)) {
    const word = nounOf(match[0]);
    position++;
    if (word === undefined || STOPWORDS.has(word) || STOPWORDS.has(match[0])) continue;
    const seen = counts.get(word);
    if (seen) seen.n++;
    else counts.set(word, { n: 1, first: position });
  }
  let best: { word: string; score: number; first: number } | undefined;
  for (const [word, { n, first }] of counts) {
    // Frequency first; then words of a keyword's usual length (2–4); then the earliest.
    const score = n * 10 + (word.length <= 4 ? 2 : 0);
    if (!best || score > best.score || (score === best.score && first < best.first)) best = { word, score, first };
  }
  if (best) return [...best.word].slice(0, KEYWORD_MAX_CHARS).join('');
  // No Korean word: a short Latin word (e.g. "AI", "UX") is still a keyword.
  const latin = /\b[A-Za-z][A-Za-z0-9+#]{1,4}\b/.exec(text)?.[0];
  return latin ?? FALLBACK_KEYWORD;
}

/** What a model (or anyone) may answer: one word of Hangul, Latin letters or digits, 1–5 characters. */
export function cleanKeyword(raw: unknown): string | undefined {
  if (typeof raw !== 'string') return undefined;
  const line = raw.split('\n').find((l) => l.trim() !== '') ?? '';
  const word = line
    .replace(/^\s*(키워드|keyword)\s*[:：]\s*/i, '')
    .replace(/["'“”‘’`#*.,!?()[\]{}<>]/g, '')
    .trim();
  return /^[가-힣A-Za-z0-9]{1,5}$/.test(word) ? word : undefined;
}
