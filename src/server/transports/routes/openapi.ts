import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { appRouter } from '../trpc/router';

/**
 * The OpenAPI 3 document of the REST paths, generated from the procedures' zod schemas (so it
 * cannot drift from what the paths accept), and a Swagger UI page served from our own files.
 */
export async function buildOpenApiDocument(siteUrl: string) {
  const { generateOpenApiDocument } = await import('trpc-to-openapi');
  return generateOpenApiDocument(appRouter, {
    title: 'Animal rescue trust donations API',
    description:
      'Start one-time and monthly donations in INR and confirm their Razorpay payments. Amounts are integers in ' +
      'paise (₹1 = 100). Errors answer `{ message }`, with `issues: [{ path, message }]` for invalid input.',
    version: '1.0.0',
    baseUrl: `${siteUrl}/api`,
  });
}

export async function openApiRoutes(app: FastifyInstance, { siteUrl }: { siteUrl: string }): Promise<void> {
  // Generated when first asked for, not at start (loading the generator and running it take about
  // a tenth of the server's start). Swagger serves this very object, filled in before any route
  // of this scope answers.
  const document: Record<string, unknown> = {};
  let generated: Promise<void> | undefined;
  app.addHook('onRequest', async () => {
    generated ??= buildOpenApiDocument(siteUrl).then((built) => {
      Object.assign(document, built);
    });
    await generated;
  });
  app.get('/api/openapi.json', async () => document);

  await app.register(fastifySwagger, { mode: 'static', specification: { document: document as never } });
  await app.register(fastifySwaggerUi, {
    routePrefix: '/api/docs',
    // Swagger UI's own assets, hashed into its CSP: no CDN, works offline.
    staticCSP: true,
    uiConfig: { docExpansion: 'list', deepLinking: false, tryItOutEnabled: false },
  });
}
