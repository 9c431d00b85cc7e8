import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanKeyword, extractKeyword, FALLBACK_KEYWORD } from '../../server/modules/keyword-ai/extract';
import { call, describeApi, email, startApiServer, DB_KINDS, type ApiServer } from './api-harness';
import { newMember } from './harness';

const KEYWORD = /^[가-힣A-Za-z0-9+#]{1,5}$/;

describe('local keyword extractor', () => {
  it('picks the most frequent Korean word, without particles or endings', () => {
    expect(extractKeyword('요즘 토익 공부를 하고 있어요. 토익 900점이 목표예요. 토익은 어려워요.')).toBe('토익');
    expect(extractKeyword('매일 아침 러닝을 해요. 러닝이 제일 좋아요. 주말엔 러닝 크루와 뛰어요.')).toBe('러닝');
    expect(extractKeyword('창업 동아리에서 창업 아이템을 고민하고 있어요')).toBe('창업');
    expect(extractKeyword('저는 사진 찍는 걸 좋아해요')).toBe('사진');
  });

  it('never answers a fragment: particles and endings come off whole words (sentences students write)', () => {
    const table: [string, string][] = [
      ['점심마다 새로운 사람과 밥을 먹는 게 좋아요', '점심'],
      ['교환학생을 준비하고 있어요. 교환학생으로 독일에 가고 싶어요', '교환학생'],
      ['개발자가 되고 싶어요. 개발 공부를 매일 하고 있습니다', '개발자'],
      ['주말마다 등산을 다녀요', '주말'],
      ['요리하는 것을 좋아하고 베이킹도 해요', '요리'],
      ['영어 회화 실력을 늘리고 싶어요', '영어'],
      ['취업 준비 중이에요. 면접 스터디를 찾고 있어요', '취업'],
      ['밴드에서 기타를 쳐요. 기타는 제 인생이에요', '기타'],
      ['새로운 사람들과 이야기하는 걸 좋아해요', '이야기'],
      ['책 읽는 것을 좋아해서 독서 모임을 하고 있어요', '독서'],
      ['고양이를 키워요. 고양이는 귀여워요', '고양이'],
      ['휴가마다 여행을 가요', '휴가'],
      ['전문가가 되고 싶어요', '전문가'],
      ['디자인 공모전에 나가요. 디자인이 좋아요', '디자인'],
    ];
    for (const [sentence, keyword] of table) expect(extractKeyword(sentence), sentence).toBe(keyword);
  });

  it('always answers something of at most five characters', () => {
    expect(extractKeyword('!!! ???')).toBe(FALLBACK_KEYWORD);
    expect(extractKeyword('I love UX design')).toMatch(KEYWORD);
    expect([...extractKeyword('인공지능프로그래밍인공지능프로그래밍')].length).toBeLessThanOrEqual(5);
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), (s) => KEYWORD.test(extractKeyword(s))),
      { numRuns: 300 },
    );
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom('저는', '요즘', '정말', '열심히', '공부', '여행', '을', '를', '하고', '있어요', '토익', ' ', '.'), { maxLength: 60 }),
        (words) => KEYWORD.test(extractKeyword(words.join(' '))),
      ),
      { numRuns: 200 },
    );
  });

  it('reads only the first 800 characters', () => {
    const text = `${'여행 '.repeat(10)}${'가'.repeat(800)} ${'축구 '.repeat(50)}`;
    expect(extractKeyword(text)).toBe('여행');
  });

  it('cleans what a model says into one short word, or nothing', () => {
    expect(cleanKeyword('창업')).toBe('창업');
    expect(cleanKeyword('"도전"')).toBe('도전');
    expect(cleanKeyword('키워드: 성장\n설명은 생략')).toBe('성장');
    expect(cleanKeyword('여섯글자키워드')).toBeUndefined();
    expect(cleanKeyword('두 단어')).toBeUndefined();
    expect(cleanKeyword(42)).toBeUndefined();
  });
});

describeApi('POST /api/members/keywordAI (local)', (server) => {
  it('answers { keyword } and validates the description', async () => {
    const { app } = server();
    const m = await newMember(app, email());
    const res = await call(app, m.token, 'POST', '/api/members/keywordAI', { description: '독서 모임에서 매주 독서 토론을 해요.' });
    expect(res.body).toEqual({ isSuccess: true, code: 'COMMON200', message: '성공입니다.', result: { keyword: '독서' } });
    for (const body of [{ description: '' }, { description: '   ' }, { description: 5 }, {}, { description: 'x'.repeat(10_001) }]) {
      const bad = await call(app, m.token, 'POST', '/api/members/keywordAI', body);
      expect([bad.status, bad.body.code]).toEqual([400, 'COMMON400']);
    }
  });
});

/** An OpenAI-compatible stand-in: answers per `mode`, records what it was asked. */
function fakeLlm() {
  const state = {
    mode: 'ok' as 'ok' | 'long' | 'slow' | 'error' | 'garbage',
    answer: '창업',
    requests: [] as { auth?: string; body: { model?: string; messages: { content: string }[] } }[],
  };
  const server: Server = createServer((req: IncomingMessage, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      state.requests.push({ auth: req.headers.authorization, body: JSON.parse(raw || '{}') });
      if (req.url !== '/v1/chat/completions') return res.writeHead(404).end();
      if (state.mode === 'slow') return; // never answers
      if (state.mode === 'error') return res.writeHead(500).end('{"error":"boom"}');
      if (state.mode === 'garbage') return res.writeHead(200, { 'content-type': 'application/json' }).end('not json');
      const content = state.mode === 'long' ? '이것은 너무 긴 키워드 설명입니다' : state.answer;
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ choices: [{ message: { role: 'assistant', content } }] }));
    });
  });
  return { server, state };
}

for (const kind of DB_KINDS) {
  describe(`POST /api/members/keywordAI with a model [${kind}]`, () => {
    const llm = fakeLlm();
    let api: ApiServer;
    beforeAll(async () => {
      await new Promise<void>((resolve) => llm.server.listen(0, '127.0.0.1', resolve));
      const { port } = llm.server.address() as AddressInfo;
      api = await startApiServer(kind, {
        LLM_BASE_URL: `http://127.0.0.1:${port}/v1/`,
        LLM_API_KEY: 'sk-test',
        LLM_MODEL: 'test-model',
        LLM_TIMEOUT_MS: '300',
      });
    });
    afterAll(async () => {
      await api?.close();
      llm.server.closeAllConnections();
      await new Promise((r) => llm.server.close(r));
    });

    it('asks the model (bearer key, model, the first 800 characters) and answers its keyword', async () => {
      const m = await newMember(api.app, email());
      const description = `${'스타트업 '.repeat(100)}끝`;
      const res = await call(api.app, m.token, 'POST', '/api/members/keywordAI', { description });
      expect(res.body.result).toEqual({ keyword: '창업' });
      const asked = llm.state.requests.at(-1)!;
      expect(asked.auth).toBe('Bearer sk-test');
      expect(asked.body.model).toBe('test-model');
      expect(asked.body.messages.at(-1)!.content).toBe([...description].slice(0, 800).join(''));
    });

    it('falls back to the local extractor on a long answer, an error, garbage, or a timeout', async () => {
      const m = await newMember(api.app, email());
      for (const mode of ['long', 'error', 'garbage', 'slow'] as const) {
        llm.state.mode = mode;
        const started = Date.now();
        const res = await call(api.app, m.token, 'POST', '/api/members/keywordAI', { description: '여행을 좋아해요. 여행 계획 세우는 게 취미예요.' });
        expect(res.body.result, mode).toEqual({ keyword: '여행' });
        expect(Date.now() - started).toBeLessThan(3000);
      }
      llm.state.mode = 'ok';
    });
  });
}

describeApi(
  'keywordAI is rate limited per member',
  (server) => {
    it('answers 429 COMMON429 beyond the limit', async () => {
      const { app } = server();
      const m = await newMember(app, email());
      const statuses: number[] = [];
      for (let i = 0; i < 3; i++) statuses.push((await call(app, m.token, 'POST', '/api/members/keywordAI', { description: '독서' })).status);
      expect(statuses).toEqual([200, 200, 429]);
    });
  },
  { RATE_LIMIT_KEYWORD_AI: '2' },
);
