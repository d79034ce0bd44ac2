/** A signed URL with its signature changed (the first character made another one: never the same by chance). */
export function withTamperedSignature(signedUrl: string): string {
  const url = new URL(signedUrl);
  const signature = url.searchParams.get('signature') ?? '';
  url.searchParams.set('signature', `${signature[0] === 'A' ? 'B' : 'A'}${signature.slice(1)}`);
  return url.toString();
}
