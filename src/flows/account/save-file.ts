// Saves text as a file on the user's device (the account's data download): a Blob behind a
// temporary link with `download`, the way browsers let a page hand over a file it made.
export function saveTextFile({ fileName, contents }: { fileName: string; contents: string }, type = 'application/json'): void {
  const url = URL.createObjectURL(new Blob([contents], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked after the click has been handled: revoking at once can cancel the download.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
