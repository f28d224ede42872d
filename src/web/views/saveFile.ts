/**
 * Hands a file to the browser's downloads, the way a link with `download` would: the CSV export of
 * /transactions, the data export of Settings, the wallet backup of /tokens.
 */
export function saveFile(content: Blob | string, name: string, type = 'application/octet-stream'): void {
  const url = URL.createObjectURL(typeof content === 'string' ? new Blob([content], { type }) : content);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Chromium reads the blob after the click returns: revoke it later.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
