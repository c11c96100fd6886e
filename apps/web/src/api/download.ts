/** Downloads made by the app from data it holds (a call's answer, a CSV built on the screen). */
/** Saves a blob under a name, through a link the browser downloads (a call's answer: the token cannot ride on a link). */
export function downloadBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
