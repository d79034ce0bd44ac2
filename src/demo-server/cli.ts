/**
 * `npm run demo-server`: the demo RMM API alone, printing its base URL.
 *   --port N  --host H  --seed S  --admin-key K  --devices N  --big-folder-items N
 *   --largest-file-bytes N  --checksum-max-bytes N  --zip-max-entries N  --content-version N
 *   --token-ttl SECONDS  --latency MS  --error-rate 0..1  --feature name=on|off
 *   --restore-job-seconds N  --mfa-code DIGITS  --real-instance  --organization-layout L
 *   --tls-cert FILE --tls-key FILE   serve https (the URL printed says so)
 * The /__demo admin endpoints exist only with --admin-key.
 */
import { parseDemoArgs } from './cli-args';
import { DEMO_CLIENT_ID, DEMO_CLIENT_SECRET, DEMO_PUBLIC_CLIENT_ID } from './config';
import { startDemoServer } from './server';

async function main(): Promise<void> {
  const server = await startDemoServer(parseDemoArgs(process.argv.slice(2)));
  console.log(`Demo RMM API listening at ${server.url}`);
  console.log(`  API base:          ${server.url}/api`);
  console.log(`  Token endpoint:    ${server.url}/ws/oauth/token`);
  console.log(`  Client credentials: ${DEMO_CLIENT_ID} / ${DEMO_CLIENT_SECRET}`);
  console.log(`  Browser sign-in client (PKCE): ${DEMO_PUBLIC_CLIENT_ID}`);
  const stop = () => {
    void server.close().then(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
