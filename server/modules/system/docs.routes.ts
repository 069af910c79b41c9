// /api/openapi.json (built once, at start-up) and the API reference: Swagger UI's files from its
// npm package, so the page works with no internet access, under a CSP that allows only this origin.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Hono } from 'hono';
import { apiReference, apiReferenceAsset, openApiJson } from '@shared/api/docs.endpoints';
import { allEndpoints } from '@shared/api/endpoints';
import type { AppEnv } from '@server/app-env';
import { openApiDocument } from '@server/http/openapi';
import { route } from '@server/http/route';

const swaggerDir = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
const pageCsp =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; frame-ancestors 'none'";

const page = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Clipdock API</title>
<link rel="stylesheet" href="docs/swagger-ui.css">
</head>
<body>
<div id="swagger-ui"></div>
<script src="docs/swagger-ui-bundle.js"></script>
<script src="docs/init.js"></script>
</body>
</html>
`;

const init = "window.ui = SwaggerUIBundle({ url: 'openapi.json', dom_id: '#swagger-ui', deepLinking: true });\n";

const assetTypes = { '.js': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8' } as const;

export function docsRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const document = JSON.stringify(openApiDocument(allEndpoints));
  const assets = new Map<string, Promise<string>>();
  const asset = (file: string) => {
    let text = assets.get(file);
    if (text === undefined) {
      text = file === 'init.js' ? Promise.resolve(init) : readFile(join(swaggerDir, file), 'utf8');
      assets.set(file, text);
    }
    return text;
  };

  route(
    app,
    openApiJson,
    () =>
      new Response(document, {
        headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-cache' },
      }),
  );
  route(
    app,
    apiReference,
    () =>
      new Response(page, {
        headers: {
          'content-type': 'text/html; charset=utf-8',
          'content-security-policy': pageCsp,
          'x-frame-options': 'DENY',
        },
      }),
  );
  route(app, apiReferenceAsset, async ({ params: { file } }) => {
    const type = file.endsWith('.css') ? assetTypes['.css'] : assetTypes['.js'];
    return new Response(await asset(file), {
      headers: { 'content-type': type, 'cache-control': 'public, max-age=3600' },
    });
  });
  return app;
}
