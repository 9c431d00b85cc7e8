import { z } from 'zod';

/**
 * Every zod message a member can see is Korean (contract section 1: COMMON400 field maps are shown
 * as they are). Schemas with a message of their own keep it; the rest get a plain Korean sentence
 * per kind of issue here, and anything not covered falls back to zod's Korean locale.
 */
const customError: z.core.$ZodErrorMap = (issue) => {
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined || issue.input === null ? '값을 입력해 주세요.' : '형식이 올바르지 않아요.';
    case 'too_small': {
      const min = Number(issue.minimum);
      if (issue.origin === 'string') return min <= 1 ? '값을 입력해 주세요.' : `${min}자 이상 입력해 주세요.`;
      if (issue.origin === 'array' || issue.origin === 'set') return `${min}개 이상이어야 해요.`;
      return `${min} 이상이어야 해요.`;
    }
    case 'too_big': {
      const max = Number(issue.maximum);
      if (issue.origin === 'string') return `${max}자 이하로 입력해 주세요.`;
      if (issue.origin === 'array' || issue.origin === 'set') return `${max}개 이하여야 해요.`;
      return `${max} 이하여야 해요.`;
    }
    case 'invalid_value':
      return '허용되지 않는 값이에요.';
    case 'invalid_format':
      if (issue.format === 'email') return '이메일 형식이 아니에요.';
      if (issue.format === 'url') return '주소(URL) 형식이 올바르지 않아요.';
      return '형식이 올바르지 않아요.';
    case 'not_multiple_of':
      return '허용되지 않는 숫자예요.';
    case 'unrecognized_keys':
      return '알 수 없는 항목이 있어요.';
    default:
      return '입력값이 올바르지 않아요.';
  }
};

let installed = false;

/** Process-wide (zod's config is global); called when the app is built, before any request is parsed. */
export function installKoreanZodMessages(): void {
  if (installed) return;
  installed = true;
  z.config(z.locales.ko());
  z.config({ customError });
}
