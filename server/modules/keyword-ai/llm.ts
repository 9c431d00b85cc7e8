import { cleanKeyword } from './extract';

export interface LlmOptions {
  baseUrl: string;
  apiKey: string;
  model: string;
  timeoutMs: number;
}

const SYSTEM_PROMPT =
  '너는 대학생 프로필의 키워드를 만드는 도우미야. 사용자의 소개 글을 읽고 그 사람을 가장 잘 나타내는 한국어 키워드 하나만 답해. ' +
  '키워드는 공백 없이 5글자 이하의 명사여야 하고, 따옴표나 설명, 문장부호 없이 키워드만 출력해.';

/** An OpenAI-compatible /chat/completions call; undefined on any failure or unusable answer. */
export async function llmKeyword(options: LlmOptions, description: string): Promise<string | undefined> {
  try {
    const response = await fetch(`${options.baseUrl.replace(/\/+$/, '')}/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${options.apiKey}` },
      body: JSON.stringify({
        model: options.model,
        temperature: 0.3,
        max_tokens: 16,
        messages: [
          { role: 'system', content: SYSTEM_PROMPT },
          { role: 'user', content: description },
        ],
      }),
      signal: AbortSignal.timeout(options.timeoutMs),
    });
    if (!response.ok) return undefined;
    const body = (await response.json()) as { choices?: { message?: { content?: unknown } }[] };
    return cleanKeyword(body.choices?.[0]?.message?.content);
  } catch {
    return undefined;
  }
}
