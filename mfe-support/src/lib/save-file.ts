/** How long a saved file's object URL lives: long enough for the browser to start saving it. */
const DOWNLOAD_URL_LIFETIME_MS = 30_000;

/**
 * Hands a fetched file to the browser to save under `name`. Files the API serves need the session's header, which
 * a plain link cannot send, so they arrive as blobs and leave through a temporary object URL.
 */
export function saveFile(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), DOWNLOAD_URL_LIFETIME_MS);
}
