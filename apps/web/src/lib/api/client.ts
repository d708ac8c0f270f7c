// The one api client (SPEC §7, §8): headers, the {code,msg,data} envelope, the response-code table, timeouts, downloads.
import { ResponseCode } from '@svc/contracts';
import { filenameFromContentDisposition } from './content-disposition';
import { apiEnvironment } from './environment';
import { inflight } from './inflight';
import { fillPath, type ApiBody, type ApiData, type ApiPath, type ApiPathParams, type ApiQuery } from './paths';

export interface Envelope<T = unknown> {
  code: number;
  msg: string;
  data: T;
}

export type ApiErrorKind = 'code' | 'transport' | 'timeout';

/** A rejected call. `code` is the server's code, or -1 when no answer arrived. */
export class ApiError extends Error {
  constructor(
    readonly kind: ApiErrorKind,
    readonly code: number,
    message: string,
    readonly data: unknown = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const isApiError = (e: unknown): e is ApiError => e instanceof ApiError;

/** SPEC §7: 60 s for the main client, 5 s for the secondary (quick) one. */
export const MAIN_TIMEOUT_MS = 60_000;
export const QUICK_TIMEOUT_MS = 5_000;
/** SPEC §8: 113 is passed through only on the playback list. */
export const PLAYBACK_LIST_PATH = '/api/device/playback/list';

/** What the console does with an answer code (SPEC §8 "Response codes"). */
export interface Reaction {
  /** Resolve the call with the envelope instead of rejecting. */
  pass: boolean;
  showMessage: boolean;
  clearSession: boolean;
  goTo: '/home' | '/500' | null;
}

export function reactionFor(code: number, path: string): Reaction {
  const pass: Reaction = { pass: true, showMessage: false, clearSession: false, goTo: null };
  switch (code) {
    case ResponseCode.SUCCESS:
    case ResponseCode.SILENT:
      return pass;
    case ResponseCode.PLAYBACK_EMPTY:
      return path === PLAYBACK_LIST_PATH ? pass : reject();
    case ResponseCode.SESSION_EXPIRED:
      return { pass: false, showMessage: true, clearSession: true, goTo: '/home' };
    case ResponseCode.SERVER_ERROR:
      return { pass: false, showMessage: true, clearSession: false, goTo: '/500' };
    default:
      // 1002, 14004, 111 and any other non-1 code: show the message and reject (finally stops the spinner).
      return reject();
  }
}

const reject = (): Reaction => ({ pass: false, showMessage: true, clearSession: false, goTo: null });

type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  method?: 'GET' | 'POST';
  query?: Record<string, QueryValue>;
  body?: unknown;
  /** The page shows the failure itself (inline in a form): no toast; 1001 and 502 still redirect. */
  quiet?: boolean;
  signal?: AbortSignal;
  /** Asks in this language rather than the current one: fetching a language's texts before switching to it. */
  language?: string;
}

export interface DownloadOptions extends RequestOptions {
  /** Used when the answer names no file. */
  fallbackName?: string;
}

/** The transport under the typed `api`: any path, answers as the caller says. */
export interface ApiClient {
  readonly timeoutMs: number;
  /** Resolves with the whole envelope for code 1 and the pass-through codes. */
  request<T>(path: string, options?: RequestOptions): Promise<Envelope<T>>;
  get<T>(path: string, query?: Record<string, QueryValue>, options?: RequestOptions): Promise<T>;
  post<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  /** Multipart POST of one file in `field` (imports, image uploads). */
  upload<T>(path: string, file: Blob, options?: RequestOptions & { field?: string; filename?: string }): Promise<T>;
  /** Blob download saved under the name from Content-Disposition (SPEC §7). */
  download(path: string, options?: DownloadOptions): Promise<{ blob: Blob; filename: string }>;
}

export function createApiClient({ timeoutMs }: { timeoutMs: number }): ApiClient {
  async function send(path: string, options: RequestOptions): Promise<Response> {
    const env = apiEnvironment();
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    const onCallerAbort = () => controller.abort();
    options.signal?.addEventListener('abort', onCallerAbort);
    // The token rides in its HttpOnly cookie (credentials below). The custom header is what no cross-site
    // link or form can send: the server takes the cookie for a GET that changes something only beside it.
    const headers: Record<string, string> = {
      language: options.language ?? env.language(),
      timezone: env.timezone(),
      'x-console-request': '1',
    };
    const method = options.method ?? (options.body === undefined ? 'GET' : 'POST');
    let body: string | FormData | undefined;
    if (options.body instanceof FormData) {
      // The browser sets the multipart content type with its boundary itself.
      body = options.body;
    } else if (options.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.body);
    }
    try {
      return await env.fetch(withQuery(path, options.query), {
        method,
        headers,
        body,
        signal: controller.signal,
        credentials: 'same-origin',
      });
    } catch (e) {
      // A caller's own cancel (React Query, unmount) is not a failure to report.
      if (options.signal?.aborted && !timedOut) throw e;
      throw fail(path, options, timedOut ? 'timeout' : 'transport');
    } finally {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onCallerAbort);
    }
  }

  async function request<T>(path: string, options: RequestOptions = {}): Promise<Envelope<T>> {
    inflight.start();
    try {
      const response = await send(path, options);
      const envelope = await readEnvelope<T>(response);
      if (!envelope) throw fail(path, options, 'transport');
      return settle(path, options, envelope);
    } finally {
      inflight.stop();
    }
  }

  async function download(path: string, options: DownloadOptions = {}): Promise<{ blob: Blob; filename: string }> {
    inflight.start();
    try {
      const response = await send(path, { method: 'POST', ...options });
      const type = response.headers.get('content-type') ?? '';
      // A JSON answer is an envelope (usually an error) rather than the file.
      if (type.includes('application/json')) {
        const envelope = await readEnvelope(response);
        if (!envelope) throw fail(path, options, 'transport');
        settle(path, options, envelope);
      } else if (!response.ok) {
        throw fail(path, options, 'transport');
      }
      const blob = await response.blob();
      const filename =
        filenameFromContentDisposition(response.headers.get('content-disposition')) ??
        options.fallbackName ??
        'download';
      apiEnvironment().saveFile(blob, filename);
      return { blob, filename };
    } finally {
      inflight.stop();
    }
  }

  return {
    timeoutMs,
    request,
    get: async <T>(path: string, query?: Record<string, QueryValue>, options?: RequestOptions) =>
      (await request<T>(path, { ...options, method: 'GET', query })).data,
    post: async <T>(path: string, body?: unknown, options?: RequestOptions) =>
      (await request<T>(path, { ...options, method: 'POST', body })).data,
    upload: async <T>(
      path: string,
      file: Blob,
      { field = 'file', filename, ...options }: RequestOptions & { field?: string; filename?: string } = {},
    ) => {
      const form = new FormData();
      form.append(field, file, filename ?? (file instanceof File ? file.name : 'upload'));
      return (await request<T>(path, { ...options, method: 'POST', body: form })).data;
    },
    download,
  };
}

/** Applies the reaction of SPEC §8 to an answer; resolves or throws. */
function settle<T>(path: string, options: RequestOptions, envelope: Envelope<T>): Envelope<T> {
  const reaction = reactionFor(envelope.code, pathOnly(path));
  if (reaction.pass) return envelope;
  const env = apiEnvironment();
  if (!env.isPublicRoute()) {
    // The message names what went wrong before the page changes under the user.
    if (reaction.showMessage && (!options.quiet || reaction.goTo)) env.showError(envelope.msg);
    if (reaction.clearSession) env.clearSession();
    if (reaction.goTo) env.navigate(reaction.goTo, envelope.msg);
  }
  throw new ApiError('code', envelope.code, envelope.msg, envelope.data ?? null);
}

function fail(path: string, options: RequestOptions, kind: 'transport' | 'timeout'): ApiError {
  const env = apiEnvironment();
  const message = env.message(kind);
  if (!env.isPublicRoute() && !options.quiet) env.showError(message);
  return new ApiError(kind, -1, message);
}

async function readEnvelope<T>(response: Response): Promise<Envelope<T> | undefined> {
  try {
    const value: unknown = await response.json();
    if (value && typeof value === 'object' && typeof (value as Envelope).code === 'number') {
      const e = value as Partial<Envelope<T>>;
      return { code: e.code!, msg: typeof e.msg === 'string' ? e.msg : '', data: e.data as T };
    }
  } catch {
    // Not JSON (a proxy's HTML error page, a cut connection): a transport error.
  }
  return undefined;
}

function withQuery(path: string, query: Record<string, QueryValue> | undefined): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params.append(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${path}${path.includes('?') ? '&' : '?'}${qs}` : path;
}

function pathOnly(path: string): string {
  const q = path.indexOf('?');
  return q === -1 ? path : path.slice(0, q);
}

/** What a call typed by path may say besides its body or query; `params` fills the path's `{name}` parts. */
export type CallOptions = Pick<RequestOptions, 'quiet' | 'signal' | 'language'>;
export type UploadOptions = CallOptions & { field?: string; filename?: string };

/** The arguments after the path: the body or query (optional when the route may go without), then the options. */
type CallArgs<First, Params, Options = CallOptions> = [Params] extends [undefined]
  ? undefined extends First
    ? [first?: First, options?: Options]
    : [first: First, options?: Options]
  : [first: First, options: Options & { params: Params }];

type UploadArgs<Params> = [Params] extends [undefined]
  ? [options?: UploadOptions]
  : [options: UploadOptions & { params: Params }];

/**
 * The console's API typed by path from the OpenAPI document: `post('/api/alarm/page/query', query)` takes that
 * route's body and answers its envelope's `data`. Paths are spelt as the document spells them, `{id}` and all,
 * so each is a key of the generated `paths` and the editor completes it; `params` fills them in.
 */
export interface Api {
  readonly timeoutMs: number;
  get<P extends ApiPath<'get'>>(
    path: P,
    ...args: CallArgs<ApiQuery<'get', P>, ApiPathParams<'get', P>>
  ): Promise<ApiData<'get', P>>;
  post<P extends ApiPath<'post'>>(
    path: P,
    ...args: CallArgs<ApiBody<'post', P>, ApiPathParams<'post', P>>
  ): Promise<ApiData<'post', P>>;
  /** The whole envelope of a POST, for a caller that shows the server's own `msg` on success. */
  postEnvelope<P extends ApiPath<'post'>>(
    path: P,
    ...args: CallArgs<ApiBody<'post', P>, ApiPathParams<'post', P>>
  ): Promise<Envelope<ApiData<'post', P>>>;
  /** Multipart POST of one file in `field` (imports, image uploads). */
  upload<P extends ApiPath<'post'>>(
    path: P,
    file: Blob,
    ...args: UploadArgs<ApiPathParams<'post', P>>
  ): Promise<ApiData<'post', P>>;
  /** The document describes no file answers, so a download names its path itself. */
  download: ApiClient['download'];
}

type PathValues = Readonly<Record<string, string | number>>;
type LooseOptions = CallOptions & { params?: PathValues };

/** Types `client` by path; the behaviour (headers, envelope, codes) stays the client's own. */
export function byPath(client: ApiClient): Api {
  const split = <O extends LooseOptions>(path: string, options: O | undefined) => {
    const { params, ...rest } = options ?? ({} as O);
    return [fillPath(path, params), rest] as const;
  };
  const loose = {
    timeoutMs: client.timeoutMs,
    async get(path: string, query?: Record<string, QueryValue>, options?: LooseOptions) {
      const [url, rest] = split(path, options);
      return client.get(url, query, rest);
    },
    async post(path: string, body?: unknown, options?: LooseOptions) {
      const [url, rest] = split(path, options);
      return client.post(url, body, rest);
    },
    async postEnvelope(path: string, body?: unknown, options?: LooseOptions) {
      const [url, rest] = split(path, options);
      return client.request(url, { ...rest, method: 'POST', body });
    },
    async upload(path: string, file: Blob, options?: UploadOptions & { params?: PathValues }) {
      const [url, rest] = split(path, options);
      return client.upload(url, file, rest);
    },
    download: client.download,
  };
  // The same functions seen through the document's types: the compiler cannot relate argument lists that
  // depend on the path to plain ones, and the transport cannot know what a path answers.
  return loose as unknown as Api;
}

/** The console's clients: everything goes through `api`; `quickApi` for calls that must answer fast. */
export const api = byPath(createApiClient({ timeoutMs: MAIN_TIMEOUT_MS }));
export const quickApi = byPath(createApiClient({ timeoutMs: QUICK_TIMEOUT_MS }));
