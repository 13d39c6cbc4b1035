/** Hands a file to the browser's downloads. */
export function downloadFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // the download has started from the URL; give it a moment before freeing it
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
