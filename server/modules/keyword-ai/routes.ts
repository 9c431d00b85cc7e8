import type { FastifyInstance } from 'fastify';
import { KEYWORD_AI_INPUT_CHARS, keywordAiBodySchema, keywordAiResultSchema, type KeywordAiResult } from '../../../contract/members';
import type { AppContext } from '../../context';
import { ok } from '../../lib/http';
import { okResponse, typed } from '../../lib/route-schemas';
import { extractKeyword } from './extract';
import { llmKeyword } from './llm';

export interface KeywordAiRouteOptions {
  rateLimit: { max: number; timeWindow: number };
  llmTimeoutMs: number;
}

/** POST /api/members/keywordAI: the model when configured, the local extractor otherwise or on any failure. */
export async function keywordAiRoutes(app: FastifyInstance, ctx: AppContext, options: KeywordAiRouteOptions): Promise<void> {
  const { LLM_BASE_URL, LLM_API_KEY, LLM_MODEL } = ctx.config;
  const llm = LLM_BASE_URL && LLM_API_KEY ? { baseUrl: LLM_BASE_URL, apiKey: LLM_API_KEY, model: LLM_MODEL, timeoutMs: options.llmTimeoutMs } : undefined;

  const schema = { body: keywordAiBodySchema, response: okResponse(keywordAiResultSchema) };
  typed(app).post('/api/members/keywordAI', { config: { rateLimit: options.rateLimit }, bodyLimit: 64 * 1024, schema }, async (request) => {
    const { description } = request.body;
    const text = [...description].slice(0, KEYWORD_AI_INPUT_CHARS).join('');
    const keyword = (llm && (await llmKeyword(llm, text))) || extractKeyword(text);
    const result: KeywordAiResult = { keyword };
    return ok(result);
  });
}
