import { describe, expect, it } from 'vitest';
import { universityDisplayName, universityKey } from '../../src/lib/university';

describe('university key and display name (spec section 4)', () => {
  it.each([
    ['가톨릭대', 'catholic', '가톨릭대학교'],
    ['한국항공대', 'kau', '한국항공대학교'],
    ['이화여대', 'ewha', '이화여자대학교'],
    ['UMC대', 'default', 'UMC대'],
    ['umc 가톨릭', 'default', 'umc 가톨릭'],
    ['대학 정보 없음', 'default', '대학 정보 없음'],
    ['', 'default', ''],
  ])('%s → %s, shown as %s', (shortName, key, display) => {
    expect(universityKey(shortName)).toBe(key);
    expect(universityDisplayName(shortName)).toBe(display);
  });

  it('the school query parameter wins when valid', () => {
    expect(universityKey('가톨릭대', 'ewha')).toBe('ewha');
    expect(universityKey('가톨릭대', 'nope')).toBe('catholic');
  });
});
