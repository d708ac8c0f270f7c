// Types of scripts/build-web.mjs for the TypeScript tests and specs that use it.
export const ROOT: string;
export function webInputsHash(root?: string): string;
export function servedBuildId(root?: string): string | undefined;
export function webIsStale(root?: string): boolean;
export function viteBuild(outDir: string, root?: string): Promise<void>;
export function pointDistAt(root: string, name: string): void;
export function ensureWebBuild(options?: {
  root?: string;
  force?: boolean;
  build?: (outDir: string) => Promise<void>;
  log?: (line: string) => void;
  lockWaitMs?: number;
}): Promise<{ id: string | undefined; action: 'fresh' | 'built' | 'reused' }>;
