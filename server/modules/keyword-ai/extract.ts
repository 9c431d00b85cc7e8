/**
 * A deterministic, offline keyword picker for POST /api/members/keywordAI: the most frequent
 * Hangul word of the description after particles, verb endings and filler words are removed.
 * Always answers with one keyword of at most 5 characters.
 */

export const FALLBACK_KEYWORD = '열정';
export const KEYWORD_MAX_CHARS = 5;

// Longest first, so '에서는' goes before '는'.
const SUFFIXES = [
  '하고싶어요', '하고싶습니다', '하고있어요', '하고있습니다', '했습니다', '합니다', '했어요', '해봤어요', '하려고', '하는데',
  '입니다', '이에요', '예요', '있어요', '있습니다', '싶어요', '싶습니다', '싶은', '싶다', '없어요', '같아요', '거예요',
  '에서는', '에게서', '으로는', '으로도', '이라고', '이라는', '라는', '라고', '에서', '에게', '께서', '으로', '로서', '부터', '까지',
  '처럼', '보다', '하고', '이랑', '이나', '하며', '하면', '해서', '했던', '하기', '해요', '하는', '한다', '이고', '이며', '에는', '에도',
  '랑', '과', '와', '은', '는', '이', '가', '을', '를', '에', '의', '도', '로', '만', '요', '들', '한', '할', '함', '다', '고',
].sort((a, b) => b.length - a.length);

const STOPWORDS = new Set([
  '저', '나', '제', '저는', '나는', '제가', '내가', '요즘', '최근', '정말', '진짜', '너무', '아주', '매우', '그리고', '하지만', '그래서', '그런데',
  '또', '더', '잘', '많이', '좀', '조금', '것', '거', '수', '때', '등', '및', '이런', '그런', '저런', '어떤', '모든', '여러', '다양', '가장',
  '관심', '관심사', '생각', '사람', '이번', '올해', '지금', '항상', '매일', '함께', '같이', '우리', '통해', '위해', '대한', '대해', '무엇',
  '현재', '앞으로', '키워드', '목표', '나의', '저의', '제일', '하나', '자주', '계속', '이제', '아직', '다시', '먼저', '특히', '보통', '언제',
  '하다', '되다', '있다', '없다', '좋다', '좋아', '좋아요', '싫어', '열심히', '꾸준히', '요새', '이상', '정도', '부분', '느낌',
]);

function stem(word: string): string {
  let w = word;
  for (let changed = true; changed && w.length > 1; ) {
    changed = false;
    for (const suffix of SUFFIXES) {
      if (w.length - suffix.length >= 1 && w.endsWith(suffix)) {
        w = w.slice(0, -suffix.length);
        changed = true;
        break;
      }
    }
  }
  return w;
}

export function extractKeyword(description: string): string {
  const text = description.slice(0, 800);
  const counts = new Map<string, { n: number; first: number }>();
  let position = 0;
  for (const match of text.matchAll(/[가-힣]+/g)) {
    const word = stem(match[0]);
    position++;
    if (word.length < 2 || STOPWORDS.has(word) || STOPWORDS.has(match[0])) continue;
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
