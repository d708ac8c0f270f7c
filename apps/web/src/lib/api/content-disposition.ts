// File name of a blob download from its Content-Disposition header (RFC 6266, RFC 5987 `filename*`).

export function filenameFromContentDisposition(header: string | null | undefined): string | undefined {
  if (!header) return undefined;
  // filename* carries the exact name (any script) and wins over the ASCII fallback.
  const extended = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(header);
  if (extended?.[2]) {
    const decoded = safeDecode(extended[2].trim().replace(/^"|"$/g, ''));
    if (decoded) return sanitize(decoded);
  }
  const quoted = /filename\s*=\s*"((?:\\.|[^"\\])*)"/i.exec(header);
  if (quoted?.[1]) return sanitize(quoted[1].replace(/\\(.)/g, '$1'));
  const bare = /filename\s*=\s*([^;\s]+)/i.exec(header);
  if (bare?.[1]) return sanitize(safeDecode(bare[1]) ?? bare[1]);
  return undefined;
}

function safeDecode(value: string): string | undefined {
  try {
    return decodeURIComponent(value);
  } catch {
    return undefined;
  }
}

/** A server must not pick the folder: keep only the last path segment. */
function sanitize(name: string): string | undefined {
  const base = name.split(/[\\/]/).pop()?.trim();
  return base && base !== '.' && base !== '..' ? base : undefined;
}
