// The web's `@/` alias (apps/web/tsconfig.json paths, vite.config.ts) in the webpack shape dependency-cruiser resolves with.
import { fileURLToPath } from 'node:url';

export default { resolve: { alias: { '@': fileURLToPath(new URL('../apps/web/src', import.meta.url)) } } };
