/**
 * The receipt as a PNG the agent can send on WhatsApp. The screenshot library (~10 KiB
 * gzipped) loads on the first click, never with the page.
 */
export async function receiptPng(node: HTMLElement): Promise<Blob> {
  const { domToBlob } = await import('modern-screenshot');
  // Twice the CSS size, so the token stays sharp when a phone zooms in; white behind, as on paper.
  return domToBlob(node, { type: 'image/png', scale: 2, backgroundColor: '#ffffff' });
}

/** Whether this device offers its share sheet for image files (phones, mostly). */
export function canShareFiles(file: File): boolean {
  if (typeof navigator.share !== 'function' || typeof navigator.canShare !== 'function') return false;
  try {
    return navigator.canShare({ files: [file] });
  } catch {
    return false;
  }
}
