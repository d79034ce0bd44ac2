/**
 * The download manager (issue: download manager), measured
 * in one run against one demo server in its own process: throughput against
 * `curl -o` of the same file, alternately, 5 rounds, medians with min–max and
 * the client's CPU time per GiB (the figure the other process does not sway);
 * where `taskset` exists the demo server runs on CPU 0 and the client (curl,
 * or this process with the console's download code) on CPU 1; over http and
 * over https (a CA and a loopback certificate generated with openssl: curl
 * gets `--cacert`, the console trusts it through RMM_EXTRA_CA_CERTS). Also
 * main-process RSS growth during a 4+ GiB download, bytes re-sent after a drop
 * at 50 %, and three parallel downloads against three parallel curls.
 */
import { execFileSync, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync, statfsSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { DownloadItem, DownloadRequest } from '../src/shared/model/downloads';
import { DEMO_FIXTURES } from '../src/demo-server/data/backup';
import { EXTRA_CA_ENV, trustExtraCertificateAuthoritiesFromEnv } from '../src/main/services/platform/api/extra-ca';
import { hashesInWorker } from '../src/main/services/platform/files/hash-worker';
import { DEMO_ADMIN_KEY, startDemoProcess, type DemoProcess } from '../tests/helpers/processes';
import { createTestServices, tempDir, type TestServices } from '../tests/helpers/services';
import { median, printFigures, timeIt, type Figure } from './harness';

const MIB = 1024 * 1024;
const GIB = 1024 * MIB;
const F = DEMO_FIXTURES;

async function adminState(demo: DemoProcess): Promise<{ stats: { downloadBytesSent: number } }> {
  const res = await fetch(`${demo.url}/__demo/state`, { headers: { 'x-demo-admin': DEMO_ADMIN_KEY } });
  return (await res.json()) as { stats: { downloadBytesSent: number } };
}

async function accessToken(demo: DemoProcess): Promise<string> {
  const res = await fetch(`${demo.url}/ws/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'client_credentials', client_id: 'demo-console', client_secret: 'demo-console-secret' }),
  });
  return ((await res.json()) as { access_token: string }).access_token;
}

/** The newest revision in the cloud of a file on device 1, with its size, from the API. */
async function cloudRevision(demo: DemoProcess, token: string, fileId: string): Promise<{ id: string; size: number }> {
  const url = `${demo.url}/api/backup/lockhart/nodes/${F.nodeId}/plans/${F.filePlan.uid}/files/${fileId}/revisions?onCloud=true&size=1`;
  const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  const answer = (await res.json()) as { results: Array<{ id: string; size: number }> };
  return answer.results[0]!;
}

/** Whether the client and the demo server are pinned to their own CPU (Linux taskset, 2+ CPUs). */
let pinned = false;

/** Pins the demo server to CPU 0 and this process (every thread: the console's download code, the hashing worker) to CPU 1. */
function pin(demo: DemoProcess): string {
  if (process.platform !== 'linux') return 'unpinned (not Linux)';
  try {
    execFileSync('taskset', ['-a', '-cp', '0', String(demo.process.pid)], { stdio: 'ignore' });
    execFileSync('taskset', ['-a', '-cp', '1', String(process.pid)], { stdio: 'ignore' });
    pinned = true;
    return 'pinned: demo server CPU 0, client CPU 1';
  } catch {
    return 'unpinned (no taskset, or fewer than 2 CPUs)';
  }
}

/**
 * A throwaway certificate authority and a certificate for 127.0.0.1 signed by
 * it (openssl), as a private CA of an instance would be: the https rounds' demo
 * server serves the certificate, curl gets `--cacert`, the console
 * RMM_EXTRA_CA_CERTS. Null (and the https rounds skipped, said) without openssl.
 */
function benchCertificates(dir: string): { ca: string; cert: string; key: string } | null {
  const file = (name: string) => join(dir, name);
  const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];
  try {
    execFileSync('openssl', ['req', '-x509', ...ec, '-keyout', file('ca.key'), '-out', file('ca.pem'), '-days', '2', '-subj', '/CN=RMM bench CA', '-addext', 'basicConstraints=critical,CA:TRUE', '-addext', 'keyUsage=critical,keyCertSign,cRLSign'], { stdio: 'ignore' });
    execFileSync('openssl', ['req', ...ec, '-keyout', file('server.key'), '-out', file('server.csr'), '-subj', '/CN=127.0.0.1'], { stdio: 'ignore' });
    writeFileSync(file('server.ext'), 'subjectAltName=IP:127.0.0.1,DNS:localhost\nbasicConstraints=CA:FALSE\nextendedKeyUsage=serverAuth\n');
    execFileSync('openssl', ['x509', '-req', '-in', file('server.csr'), '-CA', file('ca.pem'), '-CAkey', file('ca.key'), '-CAcreateserial', '-out', file('server.pem'), '-days', '2', '-extfile', file('server.ext')], { stdio: 'ignore' });
    return { ca: file('ca.pem'), cert: file('server.pem'), key: file('server.key') };
  } catch {
    return null;
  }
}

/** One `curl -o` (on the client's CPU when pinned): its CPU seconds (user + system), from the shell's `times`. */
function curl(url: string, token: string, out: string, caFile?: string): Promise<number> {
  const command = `${pinned ? 'taskset -c 1 ' : ''}curl -s -f ${caFile ? '--cacert "$4" ' : ''}-o "$1" -H "Authorization: Bearer $2" "$3" || exit 1; times`;
  return new Promise((resolve, reject) => {
    const child = spawn('bash', ['-c', command, 'bench', out, token, url, caFile ?? ''], { stdio: ['ignore', 'pipe', 'ignore'] });
    let printed = '';
    child.stdout.on('data', (data: Buffer) => (printed += data.toString()));
    child.once('exit', (code) => {
      if (code !== 0) return reject(new Error(`curl exited with ${code}`));
      // `times` prints the shell's user/system times, then its children's: "0m0.412s 0m0.380s".
      const children = printed.trim().split('\n').at(-1) ?? '';
      const seconds = [...children.matchAll(/(\d+)m([\d.]+)s/g)].reduce((sum, m) => sum + Number(m[1]) * 60 + Number(m[2]), 0);
      resolve(seconds);
    });
    child.once('error', reject);
  });
}

/** The CPU seconds (user + system) this process spends in `work`. */
async function cpuOf<T>(work: () => Promise<T>): Promise<{ seconds: number; result: T }> {
  const before = process.cpuUsage();
  const result = await work();
  const used = process.cpuUsage(before);
  return { seconds: (used.user + used.system) / 1e6, result };
}

/** `median (min–max)` of a list of figures. */
function spread(values: number[], digits = 0): string {
  return `${median(values).toFixed(digits)} (${Math.min(...values).toFixed(digits)}–${Math.max(...values).toFixed(digits)})`;
}

function request(revisionId: string, name: string): DownloadRequest {
  return { kind: 'revision', nodeId: F.nodeId, planUid: F.filePlan.uid, revisionId, name };
}

function finished(services: TestServices, ids: string[]): Promise<DownloadItem[]> {
  const pending = new Set(ids);
  const done: DownloadItem[] = [];
  return new Promise((resolve, reject) => {
    const unsubscribe = services.events.subscribe((event, payload) => {
      if (event !== 'downloads.finished') return;
      const item = payload as DownloadItem;
      if (!pending.delete(item.id)) return;
      if (item.state !== 'completed') {
        unsubscribe();
        reject(new Error(`${item.fileName}: ${item.error?.message ?? item.state}`));
        return;
      }
      done.push(item);
      if (pending.size === 0) {
        unsubscribe();
        resolve(done);
      }
    });
  });
}

async function download(services: TestServices, folder: string, items: DownloadRequest[]): Promise<number> {
  const { ms } = await timeIt(async () => {
    const { started } = services.downloads.start({ nodeId: F.nodeId, folder, items, applyToAll: 'overwrite' });
    await finished(
      services,
      started.map((s) => s.id),
    );
  });
  return ms;
}

/** Where the throughput runs write: RAM (/dev/shm) when there is room, so the disk's write-back speed does not decide. */
function fastFolder(): { dir: string; note: string } {
  try {
    if (statfsSync('/dev/shm').bavail * statfsSync('/dev/shm').bsize > 6 * GIB) {
      return { dir: mkdtempSync('/dev/shm/rmm-bench-'), note: 'written to /dev/shm' };
    }
  } catch {
    // No /dev/shm (macOS, Windows): the temp folder it is.
  }
  return { dir: tempDir('rmm-bench-downloads-'), note: 'written to the temp folder' };
}

/** What one protocol's rounds need: signed-in services, a token for curl, the file and where it goes. */
interface Rounds {
  services: TestServices;
  token: string;
  url: string;
  vm: { id: string; size: number };
  dir: string;
  /** Where files go and how the processes are placed, for the figures' notes. */
  where: string;
  /** The CA curl is given (https). */
  caFile?: string;
}

/** curl and the download manager alternately, 5 rounds: medians with min–max, and CPU per GiB. Returns the manager's medians. */
async function versusCurl(protocol: 'http' | 'https', r: Rounds, figures: Figure[]): Promise<{ rate: number; cpu: number }> {
  const rate = (bytes: number, ms: number) => bytes / MIB / (ms / 1000);
  const curlRates: number[] = [];
  const ourRates: number[] = [];
  const curlCpu: number[] = [];
  const ourCpu: number[] = [];
  const gib = r.vm.size / GIB;
  for (let i = 0; i < 5; i++) {
    const ranCurl = await timeIt(() => curl(r.url, r.token, join(r.dir, 'curl.bin'), r.caFile));
    curlRates.push(rate(r.vm.size, ranCurl.ms));
    curlCpu.push(ranCurl.result / gib);
    rmSync(join(r.dir, 'curl.bin'));
    const ours = await cpuOf(() => download(r.services, r.dir, [request(r.vm.id, 'vm-disk.vhdx')]));
    ourRates.push(rate(r.vm.size, ours.result));
    ourCpu.push(ours.seconds / gib);
    rmSync(join(r.dir, 'vm-disk.vhdx'));
  }
  const curlRate = median(curlRates);
  const ourRate = median(ourRates);
  figures.push({ name: `${protocol}: curl -o, ${gib.toFixed(2)} GiB file, median of 5`, value: curlRate, unit: 'MiB/s', note: `min–max ${spread(curlRates)} (${r.where})` });
  figures.push({
    name: `${protocol}: download manager, same file, median of 5`,
    value: ourRate,
    unit: 'MiB/s',
    goal: { value: Number((0.9 * curlRate).toFixed(1)), lowerIsBetter: false },
    note: `min–max ${spread(ourRates)} (${(ourRate / curlRate).toFixed(2)}× curl; goal ≥ 0.9×; alternating with curl)`,
  });
  figures.push({ name: `${protocol}: client CPU per GiB, curl, median`, value: median(curlCpu), unit: 's/GiB', note: `min–max ${spread(curlCpu, 2)}` });
  figures.push({
    name: `${protocol}: client CPU per GiB, download manager, median`,
    value: median(ourCpu),
    unit: 's/GiB',
    note: `min–max ${spread(ourCpu, 2)} (${(median(ourCpu) / median(curlCpu)).toFixed(2)}× curl's)`,
  });
  return { rate: ourRate, cpu: median(ourCpu) };
}

export async function downloadsBench(): Promise<void> {
  // vm-disk.vhdx is 1 GiB here; database.bak is 4.5 GiB.
  const demo = await startDemoProcess(['--big-folder-items', '1000', '--largest-file-bytes', String(GIB)]);
  const { dir, note } = fastFolder();
  const diskDir = tempDir('rmm-bench-downloads-');
  const certDir = tempDir('rmm-bench-tls-');
  const services = await createTestServices({ demo, keytar: null, downloadRetryDelaysMs: [100, 200, 400] });
  const figures: Figure[] = [];
  const placement = pin(demo);
  try {
    await services.call('session.signInWithClientCredentials', { target: { kind: 'demo' }, clientId: 'demo-console', clientSecret: 'demo-console-secret', remember: false });
    const token = await accessToken(demo);
    const vm = await cloudRevision(demo, token, F.files.vmDisk.id);
    const vmUrl = `${demo.url}/api/backup/lockhart/nodes/${F.nodeId}/plans/${F.filePlan.uid}/revisions/${vm.id}/data`;
    const rate = (bytes: number, ms: number) => bytes / MIB / (ms / 1000);

    // The same work as curl: no checksum from the server, so nothing to verify but the size.
    await demo.configure({ checksumMaxBytes: 0 });
    const { rate: ourRate, cpu: ourCpu } = await versusCurl('http', { services, token, url: vmUrl, vm, dir, where: `${note}; ${placement}` }, figures);

    // The same over https: a demo server with a certificate from a CA the bench makes (real instances are https).
    const certificates = benchCertificates(certDir);
    if (certificates) {
      process.env[EXTRA_CA_ENV] = certificates.ca;
      trustExtraCertificateAuthoritiesFromEnv();
      const tlsDemo = await startDemoProcess(['--big-folder-items', '1000', '--largest-file-bytes', String(GIB), '--tls-cert', certificates.cert, '--tls-key', certificates.key]);
      const tlsServices = await createTestServices({ demo: tlsDemo, keytar: null, downloadRetryDelaysMs: [100, 200, 400] });
      try {
        const tlsPlacement = pin(tlsDemo);
        await tlsServices.call('session.signInWithClientCredentials', { target: { kind: 'demo' }, clientId: 'demo-console', clientSecret: 'demo-console-secret', remember: false });
        await tlsDemo.configure({ checksumMaxBytes: 0 });
        const tlsToken = await accessToken(tlsDemo);
        const tlsVm = await cloudRevision(tlsDemo, tlsToken, F.files.vmDisk.id);
        const tlsUrl = `${tlsDemo.url}/api/backup/lockhart/nodes/${F.nodeId}/plans/${F.filePlan.uid}/revisions/${tlsVm.id}/data`;
        await versusCurl('https', { services: tlsServices, token: tlsToken, url: tlsUrl, vm: tlsVm, dir, where: `${note}; ${tlsPlacement}`, caFile: certificates.ca }, figures);
      } finally {
        await tlsServices.dispose();
        await tlsDemo.stop();
        pin(demo);
      }
    } else {
      figures.push({ name: 'https: not measured (no openssl to make a certificate)', value: 0, unit: '' });
    }

    // Three at once against three curls at once.
    const names = ['a.vhdx', 'b.vhdx', 'c.vhdx'];
    const { ms: curl3 } = await timeIt(() => Promise.all(names.map((n) => curl(vmUrl, token, join(dir, `curl-${n}`)))));
    for (const n of names) rmSync(join(dir, `curl-${n}`));
    const ours3 = await download(services, dir, names.map(() => request(vm.id, 'vm-disk.vhdx')));
    // The console names files after the server: vm-disk.vhdx, vm-disk (1).vhdx, vm-disk (2).vhdx.
    for (const n of readdirSync(dir).filter((f) => f.startsWith('vm-disk'))) rmSync(join(dir, n));
    figures.push({ name: 'three parallel curls, aggregate', value: rate(3 * vm.size, curl3), unit: 'MiB/s' });
    figures.push({
      name: 'three parallel downloads, aggregate',
      value: rate(3 * vm.size, ours3),
      unit: 'MiB/s',
      goal: { value: Number((0.9 * rate(3 * vm.size, curl3)).toFixed(1)), lowerIsBetter: false },
      note: `(${(curl3 / ours3).toFixed(2)}× curl)`,
    });

    // With the server's sha256 header: the console also verifies every byte (curl does not).
    await demo.configure({ checksumMaxBytes: 2 * GIB });
    await curl(vmUrl, token, join(dir, 'warmup.bin')); // The demo computes the checksum once.
    rmSync(join(dir, 'warmup.bin'));
    const verifiedRates: number[] = [];
    const verifiedCpu: number[] = [];
    for (let i = 0; i < 5; i++) {
      const ran = await cpuOf(() => download(services, dir, [request(vm.id, 'vm-disk.vhdx')]));
      verifiedRates.push(rate(vm.size, ran.result));
      verifiedCpu.push(ran.seconds / (vm.size / GIB));
      rmSync(join(dir, 'vm-disk.vhdx'));
    }
    const verifiedRate = median(verifiedRates);
    figures.push({
      name: 'download manager, same file, sha256 verified, median of 5',
      value: verifiedRate,
      unit: 'MiB/s',
      goal: { value: Number((0.85 * ourRate).toFixed(1)), lowerIsBetter: false },
      note: `min–max ${spread(verifiedRates)} (${(verifiedRate / ourRate).toFixed(2)}× unverified; goal ≥ 0.85×; hashing ${hashesInWorker() ? 'in the worker' : 'on the receiving thread: one CPU'})`,
    });
    // What sha256 itself costs on the client's CPU (OpenSSL, SHA-NI where the CPU has it): with one CPU
    // for the client, receiving and hashing cannot overlap, and 1 / (receive + hash) is the ceiling.
    const hashCost = await cpuOf(async () => {
      const block = Buffer.alloc(MIB, 7);
      const hash = createHash('sha256');
      for (let i = 0; i < 1024; i++) hash.update(block);
      return hash.digest('hex');
    });
    const ceiling = 1024 / (ourCpu + hashCost.seconds);
    figures.push({ name: 'sha256 alone on the client CPU, 1 GiB', value: hashCost.seconds, unit: 's/GiB', note: `(${(1024 / hashCost.seconds).toFixed(0)} MiB/s)` });
    figures.push({
      name: 'client CPU per GiB: download manager, sha256 verified',
      value: median(verifiedCpu),
      unit: 's/GiB',
      note: `min–max ${spread(verifiedCpu, 2)} (unverified ${ourCpu.toFixed(2)} + sha256 ${hashCost.seconds.toFixed(2)} = ${(ourCpu + hashCost.seconds).toFixed(2)})`,
    });
    figures.push({
      name: `ceiling with ${pinned ? 'one client CPU' : 'no overlap'}: 1 / (receive + sha256 CPU)`,
      value: ceiling,
      unit: 'MiB/s',
      note: `(${(ceiling / ourRate).toFixed(2)}× unverified; the verified run reaches ${((100 * verifiedRate) / ceiling).toFixed(0)} % of it)`,
    });

    // Bytes re-sent after the connection drops at 50 %.
    await demo.configure({ faults: { dropAfterBytes: Math.floor(vm.size / 2), dropPathPattern: '/revisions/.+/data$', dropTimes: 1 } });
    const sentBefore = (await adminState(demo)).stats.downloadBytesSent;
    await download(services, dir, [request(vm.id, 'vm-disk.vhdx')]);
    const resent = (await adminState(demo)).stats.downloadBytesSent - sentBefore - vm.size;
    rmSync(join(dir, 'vm-disk.vhdx'));
    await demo.configure({ faults: { dropAfterBytes: null, dropPathPattern: null, dropTimes: null } });
    figures.push({ name: 'bytes re-sent after a drop at 50 %', value: Math.max(0, resent) / 1024, unit: 'KiB', goal: { value: 1024, lowerIsBetter: true } });

    // Memory: main-process RSS while a 4.5 GiB file streams to the real disk.
    const big = await cloudRevision(demo, token, await fileIdIn(demo, token, F.folders.media.id, 'database.bak'));
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 50);
    const bigMs = await download(services, diskDir, [request(big.id, 'database.bak')]);
    clearInterval(sampler);
    const bigSize = statSync(join(diskDir, 'database.bak')).size;
    rmSync(join(diskDir, 'database.bak'));
    figures.push({
      name: `main-process RSS growth, ${(bigSize / GIB).toFixed(1)} GiB download to disk`,
      value: (peak - before) / MIB,
      unit: 'MB',
      goal: { value: 100, lowerIsBetter: true },
      note: `(${rate(bigSize, bigMs).toFixed(0)} MiB/s)`,
    });

    printFigures('Downloads', figures);
  } finally {
    await services.dispose();
    await demo.stop();
    rmSync(dir, { recursive: true, force: true });
    rmSync(diskDir, { recursive: true, force: true });
    rmSync(certDir, { recursive: true, force: true });
  }
}

/** The id of a file in a folder of the showcase file plan, looked up through the API. */
async function fileIdIn(demo: DemoProcess, token: string, folderId: string, name: string): Promise<string> {
  const url = `${demo.url}/api/backup/lockhart/v2/nodes/${F.nodeId}/plans/${F.filePlan.uid}/folders/${encodeURIComponent(folderId)}/content?page=0&size=250`;
  const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  const answer = (await res.json()) as { results: Array<{ id: string; name: string }> };
  const found = answer.results.find((item) => item.name === name);
  if (!found) throw new Error(`${name} is not in folder ${folderId}`);
  return found.id;
}
