/** Saves pretty JSON as a file through a Blob link: nothing leaves the phone but the one call made. */
export function saveJsonFile(data: unknown, filename: string): void {
  const url = URL.createObjectURL(new Blob([`${JSON.stringify(data, null, 2)}\n`], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked a little later: some browsers start reading the Blob only after the click returns.
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}
