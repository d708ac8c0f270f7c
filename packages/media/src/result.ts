// The answer type of every parser of outside input: a value or a reason, never an exception.
export type ParseResult<T> = { ok: true; value: T } | { ok: false; error: string };

export const ok = <T>(value: T): ParseResult<T> => ({ ok: true, value });
export const fail = <T>(error: string): ParseResult<T> => ({ ok: false, error });
