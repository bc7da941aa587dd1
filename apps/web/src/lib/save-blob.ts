/** Saves a blob (a receipt image, a statement) as a download, through a temporary link. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Let the browser start the download before the URL goes.
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
