// Vitest project `web`: component and unit tests of the console under jsdom (Playwright specs live in /e2e).
import { resolve } from 'node:path';
import { defineProject } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineProject({
  plugins: [react()],
  root: import.meta.dirname,
  // The `@/` alias of vite.config.ts and tsconfig.json.
  resolve: { alias: { '@': resolve(import.meta.dirname, 'src') } },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    // antd's first render under jsdom compiles its CSS-in-JS; the default 5 s is tight on 2 cores.
    testTimeout: 20_000,
  },
});
