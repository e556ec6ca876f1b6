// Saves an invoice on the user's device: this API's PDF as `<number>.pdf` through a temporary
// link with `download`, or the provider's own PDF opened in a new tab.
export function saveInvoice(file: { blob: Blob } | { url: string }, number: string): void {
  const link = document.createElement('a');
  if ('url' in file) {
    link.href = file.url;
    link.target = '_blank';
    link.rel = 'noopener';
  } else {
    link.href = URL.createObjectURL(file.blob);
    link.download = `${number}.pdf`;
  }
  document.body.append(link);
  link.click();
  link.remove();
  if ('blob' in file) setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
}
