// One Vitest run, one project per workspace; Playwright specs under e2e/ are not Vitest's.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'contracts', include: ['packages/contracts/src/**/*.test.ts', 'scripts/**/*.test.ts'] } },
      { test: { name: 'gb28181', include: ['packages/gb28181/src/**/*.test.ts'] } },
      { test: { name: 'media', include: ['packages/media/src/**/*.test.ts'] } },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts', 'apps/server/test/**/*.test.ts'],
          // PGlite opens at ≈0.9 GB and ≈3.7 s: one instance per file, files run two at a time.
          maxWorkers: 2,
          // Projects with their own worker count run as their own group, after the light ones.
          sequence: { groupOrder: 1 },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      './apps/web/vitest.config.ts',
      './apps/device-sim/vitest.config.ts',
    ],
  },
});
