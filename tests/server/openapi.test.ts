import { expect, it } from 'vitest';
import { describeEachDatabase } from './harness';

interface Operation {
  responses?: Record<string, { content?: Record<string, { schema?: unknown }> }>;
}
interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
}

/** `/api/members/:id` → `/api/members/{id}`, as OpenAPI writes path parameters. */
const openApiPath = (url: string) => url.replace(/:([A-Za-z_]\w*)/g, '{$1}');

describeEachDatabase('the OpenAPI document (issue 14)', (server) => {
  it('lists every registered /api and /auth route with the response schema of its success', async () => {
    const { app } = server();
    const res = await app.inject({ url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json<OpenApiDocument>();
    expect(doc.openapi).toMatch(/^3\./);
    const routes = app.registeredRoutes.filter((r) => (r.url.startsWith('/api/') || r.url.startsWith('/auth/')) && !r.url.startsWith('/api/docs'));
    expect(routes.length).toBeGreaterThan(25);
    const missing: string[] = [];
    for (const { method, url } of routes) {
      const operation = doc.paths[openApiPath(url)]?.[method.toLowerCase()];
      if (!operation) {
        missing.push(`${method} ${url}: not in the document`);
        continue;
      }
      const ok = operation.responses?.['200'];
      const documented = ok?.content ? Object.values(ok.content).some((c) => c.schema) : operation.responses?.['302'] !== undefined;
      // A JSON route documents its envelope, a page or stylesheet its text, a sign-in step its redirect.
      if (!documented) missing.push(`${method} ${url}: no response schema`);
    }
    expect(missing).toEqual([]);
  });

  it('serves the browsable page under the app’s own content security policy, loading only its own files', async () => {
    const { app } = server();
    const page = await app.inject({ url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.body).not.toMatch(/<script>(?!\s*<\/script>)|<script(?![^>]*\bsrc=)[^>]*>/);
    expect(page.body).not.toMatch(/<style/);
    const script = /<script src="([^"]+)"/.exec(page.body)?.[1];
    expect(script).toBeTruthy();
    const asset = await app.inject({ url: new URL(script!, 'http://localhost/api/docs/').pathname });
    expect(asset.statusCode).toBe(200);
  });
});
