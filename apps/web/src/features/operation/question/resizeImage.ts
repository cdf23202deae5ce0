import { WORK_ORDER_PHOTO_MAX_PX } from '@solarops/contracts';

/**
 * A photo scaled down in the browser so that its longer side is at most 1600 px, as JPEG: phone photos of
 * 4000 px and 5 MB go up as a few hundred kB, over a field technician's mobile link.
 */
export async function resizeImage(file: Blob, maxPx = WORK_ORDER_PHOTO_MAX_PX): Promise<Blob> {
  const bitmap = await createImageBitmap(file);
  const scale = Math.min(1, maxPx / Math.max(bitmap.width, bitmap.height));
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(bitmap.width * scale);
  canvas.height = Math.round(bitmap.height * scale);
  canvas.getContext('2d')!.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  bitmap.close();
  return new Promise((resolve, reject) =>
    canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('resize'))), 'image/jpeg', 0.85),
  );
}
