// A small picture of an image chosen for upload, drawn in the browser, so it shows while the file is still on its way.
const SIZE = 160;

/** A data: address (the Content-Security-Policy allows those for images), or undefined for what the browser cannot draw. */
export async function localPreview(file: File): Promise<string | undefined> {
  if (!file.type.startsWith('image/') || typeof createImageBitmap !== 'function') return undefined;
  try {
    const bitmap = await createImageBitmap(file);
    const scale = Math.min(1, SIZE / Math.max(bitmap.width, bitmap.height));
    const canvas = document.createElement('canvas');
    canvas.width = Math.max(1, Math.round(bitmap.width * scale));
    canvas.height = Math.max(1, Math.round(bitmap.height * scale));
    canvas.getContext('2d')?.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    bitmap.close();
    return canvas.toDataURL('image/jpeg', 0.8);
  } catch {
    // HEIC and other kinds the browser does not decode: a file card instead.
    return undefined;
  }
}
