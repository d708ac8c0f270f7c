// What the api client needs from the running app (language, route kind, UI reactions), injected at start-up.

export interface ApiEnvironment {
  /** Sent as the `language` header on every call (SPEC §1). */
  language(): string;
  /** IANA zone sent as the `timezone` header: zone-less times are read in it (architecture §5). */
  timezone(): string;
  /** Public routes skip the error interceptor (SPEC §2): no message, no redirect, the page handles it. */
  isPublicRoute(): boolean;
  showError(message: string): void;
  /** `notice` says why (1001, 502): the page shown next repeats it, since the toast leaves with the console. */
  navigate(path: string, notice?: string): void;
  clearSession(): void;
  /** Client-side wording for failures without a server message. */
  message(kind: 'transport' | 'timeout'): string;
  saveFile(blob: Blob, filename: string): void;
  fetch(input: string, init: RequestInit): Promise<Response>;
}

function saveWithAnchor(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
  // Revoke later: some browsers read the URL after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}

const defaults: ApiEnvironment = {
  language: () => document.documentElement.lang || 'en-US',
  timezone: () => Intl.DateTimeFormat().resolvedOptions().timeZone,
  isPublicRoute: () => false,
  showError: () => {},
  navigate: (path) => window.location.assign(path),
  clearSession: () => {},
  message: (kind) => (kind === 'timeout' ? 'Request timed out.' : 'Internal server error.'),
  saveFile: saveWithAnchor,
  fetch: (input, init) => fetch(input, init),
};

let current: ApiEnvironment = defaults;

export function apiEnvironment(): ApiEnvironment {
  return current;
}

export function configureApi(partial: Partial<ApiEnvironment>): void {
  current = { ...current, ...partial };
}

/** Tests start each case from the defaults. */
export function resetApiEnvironment(): void {
  current = defaults;
}
