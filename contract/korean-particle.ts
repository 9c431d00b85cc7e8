// Korean particles after a word the code fills in (a field's label in a message). Shared by the
// server's messages and the PWA's forms, so plain TypeScript without zod (decision 0022).
//
// es-hangul (npm) has `josa()` for this, but the contract needs only 을/를, 은/는, 이/가, 과/와
// after fixed labels, which is one rule: a Hangul syllable is 0xAC00 + (initial × 21 + medial) ×
// 28 + final, so it ends in a consonant when (code − 0xAC00) % 28 ≠ 0. Not worth a dependency
// (about 4 KB minified of the browser bundle for that one function).

const FIRST_SYLLABLE = 0xac00;
const LAST_SYLLABLE = 0xd7a3;

type Particle = '을/를' | '은/는' | '이/가' | '과/와';

/**
 * `word` with the particle its last syllable calls for: the first form after a final consonant
 * (이름을, 문단은), the second after a vowel (부제를, 장소는). A word that does not end in a Hangul
 * syllable keeps both forms (`URL은(는)`), the usual way to write it when unsure.
 */
export function withParticle(word: string, particle: Particle): string {
  const [afterConsonant, afterVowel] = particle.split('/') as [string, string];
  const code = word.charCodeAt(word.length - 1);
  if (!(code >= FIRST_SYLLABLE && code <= LAST_SYLLABLE)) return `${word}${afterConsonant}(${afterVowel})`;
  return `${word}${(code - FIRST_SYLLABLE) % 28 !== 0 ? afterConsonant : afterVowel}`;
}
