import type { FastifyInstance, FastifyRequest, FastifySchemaCompiler } from 'fastify';
import { createSerializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { emptyEnvelopeSchema, envelopeSchema, errorEnvelopeSchema } from '../../contract/envelope';
import { dropEmptyParams } from '../../contract/members';
import { AppError, fieldErrors } from './http';

/**
 * Route schemas are the contract's zod schemas (fastify-type-provider-zod gives the handlers their
 * types). A request that does not fit is the contract's COMMON400 with the field → Korean message
 * map, exactly as the hand-written `parse()` in each handler answered before.
 */
const validatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema }) =>
  (data) => {
    const result = schema.safeParse(data);
    return result.success ? { value: result.data } : { error: new AppError('COMMON400', fieldErrors(result.error)) };
  };

/**
 * Responses are typed and documented by their schemas; whether they are also checked at run time
 * is a choice per app (docs/decisions/0011-contract-openapi.md): checked, a response that strays
 * from the contract is a 500 instead of a silent drift; unchecked, it is plain JSON.stringify.
 */
const checkedSerializer = createSerializerCompiler({});
const plainSerializer = () => (data: unknown) => JSON.stringify(data);

export function installRouteSchemas(app: FastifyInstance, options: { checkResponses: boolean }): void {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(options.checkResponses ? checkedSerializer : plainSerializer);
}

/** The instance with the zod type provider: `request.body`/`query`/`params` typed from the route schema. */
export const typed = (app: FastifyInstance) => app.withTypeProvider<ZodTypeProvider>();

/** Responses of a JSON route: 200 with `result` of this schema (or none), every failure the error wrapper. */
export function okResponse<T extends z.ZodType>(result?: T) {
  return {
    200: result ? envelopeSchema(result) : emptyEnvelopeSchema,
    '4xx': errorEnvelopeSchema,
    '5xx': errorEnvelopeSchema,
  };
}

/** Query strings: an empty parameter (`?interest=`) means "not given" (contract section 3); runs before validation. */
export async function dropEmptyQuery(request: FastifyRequest): Promise<void> {
  request.query = dropEmptyParams(request.query);
}

/** A route that answers with a redirect (sign-in steps): documented, the body is empty. */
export function redirectResponse(description: string) {
  return { 302: z.null().meta({ description: `${description} (Location header; no body)` }), '4xx': errorEnvelopeSchema };
}

/** A route that answers with text, not the envelope (the sign-in page, its stylesheet, /auth/uniName). */
export function textResponse(contentType: string, description: string) {
  return { 200: { description, content: { [contentType]: { schema: z.string() } } }, '4xx': errorEnvelopeSchema };
}
