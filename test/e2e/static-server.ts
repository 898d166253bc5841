// A tiny static file server for dist-web/ on 127.0.0.1 (an ephemeral port), so the
// end-to-end tests load the built site exactly as any static host would serve it, with the
// page's Content-Security-Policy as a header.
import { createServer, type Server } from "node:http";
import { readFile, stat } from "node:fs/promises";
import { extname, join, normalize, resolve } from "node:path";

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".wasm": "application/wasm",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".json": "application/json",
  ".txt": "text/plain; charset=utf-8",
};

export interface StaticSite {
  url: string;
  close(): Promise<void>;
}

export async function serveStatic(root: string): Promise<StaticSite> {
  const base = resolve(root);
  const server: Server = createServer(async (request, response) => {
    const path = decodeURIComponent(new URL(request.url ?? "/", "http://x").pathname);
    let file = normalize(join(base, path));
    if (!file.startsWith(base)) {
      response.writeHead(403).end();
      return;
    }
    try {
      if ((await stat(file)).isDirectory()) file = join(file, "index.html");
      const body = await readFile(file);
      const headers: Record<string, string> = { "content-type": TYPES[extname(file)] ?? "application/octet-stream", "cache-control": "no-store" };
      // A page's Content-Security-Policy also as a header, as a host would send it: the policy of its <meta>.
      const policy = extname(file) === ".html" ? /http-equiv="Content-Security-Policy" content="([^"]+)"/.exec(body.toString("utf8"))?.[1] : undefined;
      if (policy) headers["content-security-policy"] = policy;
      response.writeHead(200, headers);
      response.end(body);
    } catch {
      response.writeHead(404, { "content-type": "text/plain" }).end("not found");
    }
  });
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}
