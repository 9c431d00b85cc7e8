import { describe, expect, it } from 'vitest';
import { withParticle } from '../../contract/korean-particle';

describe('withParticle: the particle a word’s last syllable calls for', () => {
  it('takes 을, 은, 이, 과 after a final consonant and 를, 는, 가, 와 after a vowel', () => {
    expect(withParticle('멘토 이름', '을/를')).toBe('멘토 이름을');
    expect(withParticle('부제', '을/를')).toBe('부제를');
    expect(withParticle('장소', '은/는')).toBe('장소는');
    expect(withParticle('소개 문단', '은/는')).toBe('소개 문단은');
    expect(withParticle('한 줄', '이/가')).toBe('한 줄이');
    expect(withParticle('날짜', '이/가')).toBe('날짜가');
    expect(withParticle('시간', '과/와')).toBe('시간과');
    expect(withParticle('정원', '과/와')).toBe('정원과');
    expect(withParticle('배너', '과/와')).toBe('배너와');
  });

  it('reads the first and last syllables of the block (가, 힣) right', () => {
    expect(withParticle('가', '을/를')).toBe('가를');
    expect(withParticle('힣', '을/를')).toBe('힣을');
  });

  it('keeps both forms when the word does not end in a Hangul syllable', () => {
    expect(withParticle('URL', '은/는')).toBe('URL은(는)');
    expect(withParticle('3', '을/를')).toBe('3을(를)');
    expect(withParticle('', '이/가')).toBe('이(가)');
  });
});
