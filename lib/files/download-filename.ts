/**
 * The file name a download should be saved under, read from its Content-Disposition header the
 * way browsers do (RFC 6266): the UTF-8 `filename*` when present and decodable, else the plain
 * `filename`, else `fallback` (e.g. `responses.xlsx`). Path separators and control characters
 * never survive. Client-safe: no imports.
 */
export function filenameFromDisposition(
  header: string | null | undefined,
  fallback: string,
): string {
  if (!header) return fallback;
  const extended = /filename\*\s*=\s*UTF-8''([^;\s]+)/i.exec(header)?.[1];
  if (extended) {
    try {
      const name = clean(decodeURIComponent(extended));
      if (name) return name;
    } catch {
      // malformed percent-encoding: try the plain parameter
    }
  }
  const plain = /filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;\s]+))/i.exec(header);
  const name = clean((plain?.[1] ?? plain?.[2] ?? "").replace(/\\(.)/g, "$1"));
  return name || fallback;
}

function clean(name: string): string {
  return name
    .replace(/[\u0000-\u001f\u007f/\\]+/g, "_")
    .trim()
    .replace(/^\.+/, "");
}
