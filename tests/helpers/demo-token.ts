/** An access token from a demo server's token endpoint, with the console's demo client credentials (for tests that call the API over HTTP). */
export async function demoAccessToken(baseUrl: string): Promise<string> {
  const res = await fetch(`${baseUrl}/ws/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'client_credentials', client_id: 'demo-console', client_secret: 'demo-console-secret' }),
  });
  return ((await res.json()) as { access_token: string }).access_token;
}
