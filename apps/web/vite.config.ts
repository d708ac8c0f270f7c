// Vite build and dev server of the console: React, one proxy to the API server, precompressed assets.
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

// The API server of `npm start` (apps/server); `npm run dev` proxies to it so the console keeps one origin.
const apiTarget = process.env.API_TARGET ?? `http://127.0.0.1:${process.env.PORT ?? 8080}`;

/**
 * Writes `.gz` and `.br` beside each text asset so the server can send them as they are
 * (@fastify/static `preCompressed`) instead of compressing on every request.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'svc-precompress',
    apply: 'build',
    configResolved(config) {
      // scripts/build-web.mjs passes an absolute folder of its own.
      outDir = resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      for (const file of await walk(outDir)) {
        if (!/\.(js|css|html|svg|json)$/.test(file) || (await stat(file)).size < 1024) continue;
        const body = await readFile(file);
        await writeFile(`${file}.gz`, gzipSync(body, { level: 9 }));
        await writeFile(`${file}.br`, brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
      }
    },
  };
}

async function walk(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((e) => (e.isDirectory() ? walk(join(dir, e.name)) : Promise.resolve([join(dir, e.name)]))),
  );
  return nested.flat();
}

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react(), precompress()],
  // `@/` is apps/web/src (tsconfig `paths`, vitest.config.ts): imports from another folder of the app never climb.
  resolve: { alias: { '@': resolve(import.meta.dirname, 'src') } },
  server: {
    port: 5173,
    proxy: {
      '/api': apiTarget,
      '/rsa': apiTarget,
      '/healthz': apiTarget,
      '/swagger': apiTarget,
      '/media': { target: apiTarget, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    // antd lives in the console chunks only; the warning would fire on those by design.
    chunkSizeWarningLimit: 900,
    rolldownOptions: {
      treeshake: {
        // The shared contracts build zod schemas at module level; the sign-in page uses only plain
        // patterns and helpers from them, so unused schemas must be droppable (keeps zod out of /home).
        moduleSideEffects: (id: string) => !id.includes('/packages/contracts/'),
      },
    },
  },
});
