// What each route of the committed OpenAPI document takes and answers, by method and path as the document spells
// them (`/api/file/{id}`): the web's API types come from here or from packages/contracts, never from copies.
import type { components, paths } from './openapi';

export type ApiMethod = 'get' | 'post';

/** The paths that answer `M`. */
export type ApiPath<M extends ApiMethod> = {
  [P in keyof paths]: paths[P] extends { [K in M]: object } ? P : never;
}[keyof paths];

type Operation<M extends ApiMethod, P extends ApiPath<M>> = NonNullable<paths[P][M]>;
type OperationParameters<M extends ApiMethod, P extends ApiPath<M>> = Operation<M, P>['parameters'];

/** The `data` of the `{code, msg, data}` envelope a route answers; `unknown` for a route that answers a file. */
export type ApiData<M extends ApiMethod, P extends ApiPath<M>> =
  Operation<M, P> extends { responses: { 200: { content: { 'application/json': { data: infer D } } } } } ? D : unknown;

/**
 * The JSON body a route takes; `undefined` when it takes none (a bodiless or multipart POST). A body the
 * document lets be null is one the route's schema lets be missing (`.nullish()`, which OpenAPI can only
 * say as a required body that may be null), so it may be left out.
 */
export type ApiBody<M extends ApiMethod, P extends ApiPath<M>> =
  Operation<M, P> extends { requestBody?: never }
    ? undefined
    : Operation<M, P> extends { requestBody?: { content: { 'application/json': infer B } } }
      ? | B
        | (null extends B ? undefined : never)
        | (undefined extends Operation<M, P>['requestBody'] ? undefined : never)
      : undefined;

/** The query string a route reads; `undefined` when it reads none. */
export type ApiQuery<M extends ApiMethod, P extends ApiPath<M>> =
  OperationParameters<M, P> extends { query: infer Q }
    ? Q
    : OperationParameters<M, P> extends { query?: infer Q }
      ? [Exclude<Q, undefined>] extends [never]
        ? undefined
        : Q | undefined
      : undefined;

/** The `{name}` parts of a route's path; `undefined` when it has none. */
export type ApiPathParams<M extends ApiMethod, P extends ApiPath<M>> =
  OperationParameters<M, P> extends { path: infer A } ? A : undefined;

/** A named schema of the document (the `.meta({ id })` of its zod schema), as it travels. */
export type ApiSchema<N extends keyof components['schemas']> = components['schemas'][N];

/** Fills a path's `{name}` parts: `/api/file/{id}` with `{ id: 7 }` is `/api/file/7`. */
export function fillPath(path: string, params: Readonly<Record<string, string | number>> | undefined): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`${path}: no value for {${name}}`);
    return encodeURIComponent(String(value));
  });
}
