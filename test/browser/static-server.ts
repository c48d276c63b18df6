/**
 * The preview pages over HTTP on 127.0.0.1 (a free port), for the run's one
 * Chromium: served pages let Chromium keep the icon font, the stylesheets
 * and axe-core in its cache and compiled-code cache across the ~170 page
 * loads (from file:// it parses axe-core's 0.5 MB again on every page).
 * Serves GETs of files under the listed folders of the repository only.
 */
import { readFile } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import { extname, join, normalize, sep } from "node:path";

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".woff2": "font/woff2",
  ".ttf": "font/ttf",
  ".png": "image/png",
  ".svg": "image/svg+xml",
  ".webp": "image/webp",
};

/** Serve `root`'s files under `folders` (paths relative to root); resolves with the server and its base URL (ending in "/"). */
export async function serveStatic(root: string, folders: readonly string[]): Promise<{ server: Server; base: string }> {
  const allowed = folders.map((f) => join(root, f) + sep);
  const server = createServer((request, response) => {
    const path = normalize(join(root, decodeURIComponent(new URL(request.url ?? "/", "http://localhost").pathname)));
    if (request.method !== "GET" || !allowed.some((a) => path.startsWith(a))) {
      response.writeHead(404).end();
      return;
    }
    readFile(path).then(
      (body) => response.writeHead(200, { "content-type": TYPES[extname(path)] ?? "application/octet-stream", "cache-control": "max-age=3600" }).end(body),
      () => response.writeHead(404).end(),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (!address || typeof address === "string") throw new Error("the preview server has no port");
  return { server, base: `http://127.0.0.1:${address.port}/` };
}
