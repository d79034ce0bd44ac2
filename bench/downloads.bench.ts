/**
 * Downloads as a user gets them: the browser-mode console (the same
 * main-process services as the desktop app) started as its own process,
 * each download started through its contract (`downloads.start`) and waited
 * for on its event stream (`downloads.finished`), as the downloads panel
 * does. Measured in one run against curl, alternately, medians of 5 with
 * min–max:
 * - into a memory filesystem (/dev/shm): the console against `curl -o`;
 * - onto the disk: against `curl -o` then `sync FILE` (a durable peer: the
 *   console's file is on disk when it says completed), 1 GiB, and one 8 GiB run;
 * - sha256-verified against unverified, the console with two CPUs;
 * - bytes fetched again after the console is killed (SIGKILL) at 50 %;
 * - https with a CA made by openssl, three at once, and the console's RSS
 *   growth during a 4.5 GiB download.
 * Where `taskset` exists the demo server runs on CPU 0 and the client (curl,
 * or the console) on CPU 1, unless a figure says otherwise. Client CPU is the
 * process's own (user + system, every thread), read from /proc on Linux.
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statfsSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { DownloadItem, DownloadRequest } from '../src/shared/model/downloads';
import { DEMO_FIXTURES } from '../src/demo-server/data/backup';
import { EXTRA_CA_ENV, trustExtraCertificateAuthoritiesFromEnv } from '../src/main/services/platform/api/extra-ca';
import { ConsoleContract } from '../tests/helpers/console-contract';
import { DEMO_ADMIN_KEY, startDemoProcess, type DemoProcess } from '../tests/helpers/processes';
import { demoAccessToken } from '../tests/helpers/demo-token';
import { tempDir } from '../tests/helpers/temp';
import { median, printFigures, timeIt, type Figure } from './harness';

const MIB = 1024 * 1024;
const GIB = 1024 * MIB;
const F = DEMO_FIXTURES;
const ROUNDS = 5;

const rate = (bytes: number, ms: number) => bytes / MIB / (ms / 1000);

/** `median (min–max)` of a list of figures. */
function spread(values: number[], digits = 0): string {
  return `${median(values).toFixed(digits)} (${Math.min(...values).toFixed(digits)}–${Math.max(...values).toFixed(digits)})`;
}

async function adminState(demo: DemoProcess): Promise<{ stats: { downloadBytesSent: number } }> {
  const res = await fetch(`${demo.url}/__demo/state`, { headers: { 'x-demo-admin': DEMO_ADMIN_KEY } });
  return (await res.json()) as { stats: { downloadBytesSent: number } };
}

/** The newest revision in the cloud of a file on device 1, with its size and URL, from the API. */
async function cloudRevision(demo: DemoProcess, token: string, fileId: string): Promise<{ id: string; size: number; url: string }> {
  const url = `${demo.url}/api/backup/lockhart/nodes/${F.nodeId}/plans/${F.filePlan.uid}/files/${fileId}/revisions?onCloud=true&size=1`;
  const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  const answer = (await res.json()) as { results: Array<{ id: string; size: number }> };
  const revision = answer.results[0]!;
  return { ...revision, url: `${demo.url}/api/backup/lockhart/nodes/${F.nodeId}/plans/${F.filePlan.uid}/revisions/${revision.id}/data` };
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

function revisionRequest(revisionId: string): DownloadRequest {
  return { kind: 'revision', nodeId: F.nodeId, planUid: F.filePlan.uid, revisionId, name: 'vm-disk.vhdx' };
}

/** Whether processes can be pinned (Linux taskset, 2+ CPUs). */
const canPin = (() => {
  if (process.platform !== 'linux') return false;
  try {
    execFileSync('taskset', ['-cp', '0-1', String(process.pid)], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

function pinDemo(demo: DemoProcess): void {
  if (canPin) execFileSync('taskset', ['-a', '-cp', '0', String(demo.process.pid)], { stdio: 'ignore' });
}

/** CPU seconds (user + system, all threads) a process used so far; null where /proc is not there. */
function processCpu(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
}

/** A process's resident memory now (Linux), in bytes; null elsewhere. */
function processRss(pid: number): number | null {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) * 1024 : null;
  } catch {
    return null;
  }
}

/** One `curl -o` on the client's CPU (then `sync FILE` when `durable`): wall time and curl's CPU seconds, from the shell's `times`. */
async function curl(url: string, token: string, out: string, options: { caFile?: string; durable?: boolean } = {}): Promise<{ ms: number; cpu: number }> {
  const sync = options.durable ? ' && sync "$1"' : '';
  const command = `${canPin ? 'taskset -c 1 ' : ''}curl -s -f ${options.caFile ? '--cacert "$4" ' : ''}-o "$1" -H "Authorization: Bearer $2" "$3"${sync} || exit 1; times`;
  const { ms, result } = await timeIt(
    () =>
      new Promise<number>((resolve, reject) => {
        const child = spawn('bash', ['-c', command, 'bench', out, token, url, options.caFile ?? ''], { stdio: ['ignore', 'pipe', 'ignore'] });
        let printed = '';
        child.stdout.on('data', (data: Buffer) => (printed += data.toString()));
        child.once('exit', (code) => {
          if (code !== 0) return reject(new Error(`curl exited with ${code}`));
          // `times` prints the shell's user/system times, then its children's: "0m0.412s 0m0.380s".
          const children = printed.trim().split('\n').at(-1) ?? '';
          resolve([...children.matchAll(/(\d+)m([\d.]+)s/g)].reduce((sum, m) => sum + Number(m[1]) * 60 + Number(m[2]), 0));
        });
        child.once('error', reject);
      }),
  );
  return { ms, cpu: result };
}

/** One download through the console's contract: wall time (start to `downloads.finished`) and the console's CPU seconds. */
async function viaConsole(console_: ConsoleContract, folder: string, items: DownloadRequest[]): Promise<{ ms: number; cpu: number | null; items: DownloadItem[] }> {
  const before = processCpu(console_.pid);
  const { ms, result } = await timeIt(() => console_.download(F.nodeId, folder, items));
  const after = processCpu(console_.pid);
  return { ms, cpu: before === null || after === null ? null : after - before, items: result };
}

/** Where the memory-filesystem runs write: /dev/shm when there is room, else the temp folder (said in the figures). */
function memoryFolder(): { dir: string; note: string } {
  try {
    if (statfsSync('/dev/shm').bavail * statfsSync('/dev/shm').bsize > 6 * GIB) return { dir: mkdtempSync('/dev/shm/rmm-bench-'), note: '/dev/shm' };
  } catch {
    // No /dev/shm (macOS, Windows).
  }
  return { dir: tempDir('rmm-bench-downloads-'), note: 'the temp folder (no /dev/shm)' };
}

interface Peer {
  label: string;
  run(): Promise<{ ms: number; cpu: number | null }>;
}

/** Two ways of getting the same file, alternately, ROUNDS times; figures for both and the ratio with a goal. */
async function alternate(bytes: number, a: Peer, b: Peer, goal: number, where: string, figures: Figure[], rounds = ROUNDS): Promise<{ aRate: number; bRate: number; bCpu: number | null }> {
  const aRates: number[] = [];
  const bRates: number[] = [];
  const aCpu: number[] = [];
  const bCpu: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const ranA = await a.run();
    aRates.push(rate(bytes, ranA.ms));
    if (ranA.cpu !== null) aCpu.push(ranA.cpu / (bytes / GIB));
    const ranB = await b.run();
    bRates.push(rate(bytes, ranB.ms));
    if (ranB.cpu !== null) bCpu.push(ranB.cpu / (bytes / GIB));
  }
  const aRate = median(aRates);
  const bRate = median(bRates);
  const size = bytes >= GIB ? `${(bytes / GIB).toFixed(bytes % GIB === 0 ? 0 : 1)} GiB` : `${(bytes / MIB).toFixed(0)} MiB`;
  const of = rounds > 1 ? `median of ${rounds}` : 'one run';
  figures.push({ name: `${a.label}, ${size}, ${of}`, value: aRate, unit: 'MiB/s', note: `min–max ${spread(aRates)}; ${where}` });
  figures.push({
    name: `${b.label}, same file, ${of}`,
    value: bRate,
    unit: 'MiB/s',
    goal: { value: Number((goal * aRate).toFixed(1)), lowerIsBetter: false },
    note: `min–max ${spread(bRates)} (${(bRate / aRate).toFixed(2)}×; goal ≥ ${goal}×)`,
  });
  if (aCpu.length && bCpu.length) {
    figures.push({ name: `  client CPU per GiB: ${a.label} / ${b.label}`, value: median(bCpu), unit: 's/GiB', note: `${spread(aCpu, 2)} / ${spread(bCpu, 2)}` });
  }
  return { aRate, bRate, bCpu: bCpu.length ? median(bCpu) : null };
}

/**
 * Kills the console (SIGKILL) once half the file is in its `.part`, starts it
 * again on the same data folder and lets the download finish: what the server
 * sent twice, split into the bytes that were already in the `.part` (what a
 * resume decides) and those in flight at the kill (socket buffers and the
 * reader's batch, lost with the process, as they would be with any client).
 */
async function killAtHalf(demo: DemoProcess, vm: { id: string; size: number }, dir: string, figures: Figure[]): Promise<void> {
  const dataDir = tempDir('rmm-bench-kill-');
  const first = await ConsoleContract.start({ demoUrl: demo.url, downloadsRoot: dir, dataDir, cpus: canPin ? '1' : undefined });
  const sentBefore = (await adminState(demo)).stats.downloadBytesSent;
  const [id] = await first.start(F.nodeId, dir, [revisionRequest(vm.id)]);
  const part = join(dir, 'vm-disk.vhdx.part');
  const partSize = () => statSync(part, { throwIfNoEntry: false })?.size ?? 0;
  while (partSize() < vm.size / 2) await new Promise((resolve) => setTimeout(resolve, 1));
  await first.kill();
  const written = partSize();
  const sentFirst = (await adminState(demo)).stats.downloadBytesSent - sentBefore;
  const second = await ConsoleContract.start({ demoUrl: demo.url, downloadsRoot: dir, dataDir, cpus: canPin ? '1' : undefined });
  try {
    await second.finished([id!]);
  } finally {
    await second.stop();
  }
  const sentTotal = (await adminState(demo)).stats.downloadBytesSent - sentBefore;
  rmSync(join(dir, 'vm-disk.vhdx'), { force: true });
  // The second answer started where the resume did: sentTotal = sentFirst + (size - resumedAt).
  const resumedAt = vm.size - (sentTotal - sentFirst);
  const fetchedAgain = Math.max(0, written - resumedAt);
  figures.push({
    name: `SIGKILL at ${((100 * written) / vm.size).toFixed(0)} %: bytes of the .part fetched again`,
    value: fetchedAgain / 1024,
    unit: 'KiB',
    goal: { value: 1024, lowerIsBetter: true },
    note: `(resumed at ${resumedAt} of ${written} bytes in the .part)`,
  });
  figures.push({
    name: '  bytes the server sent twice in all',
    value: Math.max(0, sentTotal - vm.size) / 1024,
    unit: 'KiB',
    note: `(of them ${(Math.max(0, sentFirst - written) / 1024).toFixed(0)} KiB were in flight at the kill: socket buffers, the reader's batch)`,
  });
}

/**
 * A throwaway certificate authority and a certificate for 127.0.0.1 signed by
 * it (openssl), as a private CA of an instance would be. Null (and the https
 * rounds skipped, said) without openssl.
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

/** A demo server on CPU 0 with vm-disk.vhdx of `bytes`, no checksum header unless asked, and a token for curl. */
async function benchDemo(bytes: number, extra: string[] = []): Promise<{ demo: DemoProcess; token: string; vm: { id: string; size: number; url: string } }> {
  const demo = await startDemoProcess(['--big-folder-items', '1000', '--largest-file-bytes', String(bytes), ...extra]);
  try {
    pinDemo(demo);
    await demo.configure({ checksumMaxBytes: 0 });
    const token = await demoAccessToken(demo.url);
    return { demo, token, vm: await cloudRevision(demo, token, F.files.vmDisk.id) };
  } catch (error) {
    await demo.stop();
    throw error;
  }
}

export async function downloadsBench(): Promise<void> {
  const memory = memoryFolder();
  const diskDir = tempDir('rmm-bench-downloads-');
  const certDir = tempDir('rmm-bench-tls-');
  const placement = canPin ? 'demo server on CPU 0, client on CPU 1' : 'unpinned (no taskset, or fewer than 2 CPUs)';
  const figures: Figure[] = [];
  const { demo, token, vm } = await benchDemo(GIB);
  const client = await ConsoleContract.start({ demoUrl: demo.url, downloadsRoot: '/', cpus: canPin ? '1' : undefined }).catch(async (error: unknown) => {
    await demo.stop();
    throw error;
  });
  const remove = (dir: string, name: string) => rmSync(join(dir, name), { force: true });
  try {
    // 1. Into memory: nothing but the transfer and the writes (the same work as curl: no checksum to verify).
    await alternate(
      vm.size,
      { label: 'tmpfs: curl -o', run: async () => (await curl(vm.url, token, join(memory.dir, 'curl.bin')).finally(() => remove(memory.dir, 'curl.bin'))) },
      { label: 'tmpfs: the console (contract)', run: async () => (await viaConsole(client, memory.dir, [revisionRequest(vm.id)]).finally(() => remove(memory.dir, 'vm-disk.vhdx'))) },
      0.9,
      `${memory.note}; ${placement}`,
      figures,
    );

    // 2. Onto the disk, against a durable peer: curl's file is on disk once `sync FILE` returned, the console's once it says completed.
    await alternate(
      vm.size,
      { label: 'disk: curl -o + sync FILE', run: async () => (await curl(vm.url, token, join(diskDir, 'curl.bin'), { durable: true }).finally(() => remove(diskDir, 'curl.bin'))) },
      { label: 'disk: the console (contract)', run: async () => (await viaConsole(client, diskDir, [revisionRequest(vm.id)]).finally(() => remove(diskDir, 'vm-disk.vhdx'))) },
      0.9,
      `${diskDir}; ${placement}`,
      figures,
    );

    // 3. Three at once against three curls at once.
    const three = await timeIt(() => Promise.all(['a', 'b', 'c'].map((n) => curl(vm.url, token, join(memory.dir, `curl-${n}.bin`)))));
    for (const n of ['a', 'b', 'c']) remove(memory.dir, `curl-${n}.bin`);
    const ours3 = await viaConsole(client, memory.dir, [0, 1, 2].map(() => revisionRequest(vm.id)));
    for (const item of ours3.items) remove(memory.dir, item.fileName);
    figures.push({ name: 'tmpfs: three parallel curls, aggregate', value: rate(3 * vm.size, three.ms), unit: 'MiB/s' });
    figures.push({
      name: 'tmpfs: three parallel downloads (contract), aggregate',
      value: rate(3 * vm.size, ours3.ms),
      unit: 'MiB/s',
      goal: { value: Number((0.9 * rate(3 * vm.size, three.ms)).toFixed(1)), lowerIsBetter: false },
      note: `(${(three.ms / ours3.ms).toFixed(2)}× curl)`,
    });

    // 4. Bytes fetched again after a SIGKILL at 50 %.
    await killAtHalf(demo, vm, memory.dir, figures);

    // 5. sha256-verified against unverified, the console with two CPUs (the hashing worker on the other core).
    if (canPin) client.pin('0,1');
    const verifiedGoal = 0.85;
    const unverified = { label: 'tmpfs: the console, unverified, 2 CPUs', run: async () => (await viaConsole(client, memory.dir, [revisionRequest(vm.id)]).finally(() => remove(memory.dir, 'vm-disk.vhdx'))) };
    const verified = {
      label: 'tmpfs: the console, sha256 verified, 2 CPUs',
      run: async () => {
        await demo.configure({ checksumMaxBytes: 2 * GIB });
        try {
          const ran = await viaConsole(client, memory.dir, [revisionRequest(vm.id)]);
          if (ran.items[0]?.verified !== 'checksum') throw new Error('The verified run was not verified by checksum');
          return ran;
        } finally {
          remove(memory.dir, 'vm-disk.vhdx');
          await demo.configure({ checksumMaxBytes: 0 });
        }
      },
    };
    // The demo computes the checksum once (memoised): not part of any round.
    await demo.configure({ checksumMaxBytes: 2 * GIB });
    await curl(vm.url, token, join(memory.dir, 'warmup.bin')).finally(() => remove(memory.dir, 'warmup.bin'));
    await demo.configure({ checksumMaxBytes: 0 });
    const demoBefore = processCpu(demo.process.pid!);
    const { aRate: plainRate, bRate: verifiedRate, bCpu: verifiedCpu } = await alternate(vm.size, unverified, verified, verifiedGoal, `${memory.note}; demo server on CPU 0, console on CPUs 0-1`, figures);
    const demoAfter = processCpu(demo.process.pid!);
    if (verifiedCpu !== null && demoBefore !== null && demoAfter !== null) {
      // The demo server's CPU per GiB over both kinds of rounds (it does the same work for each).
      const demoCpu = (demoAfter - demoBefore) / ((2 * ROUNDS * vm.size) / GIB);
      const ceiling = 1024 / ((verifiedCpu + demoCpu) / 2);
      figures.push({
        name: '  ceiling of a verified download on this machine',
        value: ceiling,
        unit: 'MiB/s',
        note: `(2 CPUs / (console ${verifiedCpu.toFixed(2)} + demo server ${demoCpu.toFixed(2)} s/GiB): ${(ceiling / plainRate).toFixed(2)}× unverified at best; the verified rounds reach ${((100 * verifiedRate) / ceiling).toFixed(0)} % of it)`,
      });
    }
    if (canPin) client.pin('1');
    const hashCost = await timeIt(async () => {
      const { createHash } = await import('node:crypto');
      const block = Buffer.alloc(MIB, 7);
      const hash = createHash('sha256');
      for (let i = 0; i < 1024; i++) hash.update(block);
      return hash.digest('hex');
    });
    figures.push({
      name: '  sha256 alone on one CPU, 1 GiB',
      value: hashCost.ms / 1000,
      unit: 's/GiB',
      note: `(${(1024 / (hashCost.ms / 1000)).toFixed(0)} MiB/s: verifying cannot be faster; ${((100 * verifiedRate) / (1024 / (hashCost.ms / 1000))).toFixed(0)} % of it reached, unverified ${(plainRate / (1024 / (hashCost.ms / 1000))).toFixed(2)}× it)`,
    });

    // 6. https: a demo server with a certificate from a CA the bench makes (real instances are https).
    const certificates = benchCertificates(certDir);
    if (certificates) {
      // This process asks the TLS demo for a token for curl: it trusts the CA too.
      process.env[EXTRA_CA_ENV] = certificates.ca;
      trustExtraCertificateAuthoritiesFromEnv();
      const tls = await benchDemo(GIB, ['--tls-cert', certificates.cert, '--tls-key', certificates.key]);
      const tlsClient = await ConsoleContract.start({ demoUrl: tls.demo.url, downloadsRoot: '/', cpus: canPin ? '1' : undefined, env: { [EXTRA_CA_ENV]: certificates.ca } });
      try {
        await alternate(
          tls.vm.size,
          { label: 'https tmpfs: curl -o', run: async () => (await curl(tls.vm.url, tls.token, join(memory.dir, 'curl.bin'), { caFile: certificates.ca }).finally(() => remove(memory.dir, 'curl.bin'))) },
          { label: 'https tmpfs: the console (contract)', run: async () => (await viaConsole(tlsClient, memory.dir, [revisionRequest(tls.vm.id)]).finally(() => remove(memory.dir, 'vm-disk.vhdx'))) },
          0.9,
          `${memory.note}; ${placement}`,
          figures,
        );
      } finally {
        await tlsClient.stop();
        await tls.demo.stop();
        // The CA file goes with this group: processes started after it (other groups) must not be told to trust it.
        delete process.env[EXTRA_CA_ENV];
      }
    } else {
      figures.push({ name: 'https: not measured (no openssl to make a certificate)', value: 0, unit: '' });
    }

    // 7. Memory: the console's RSS while a 4.5 GiB file streams to the disk.
    const big = await cloudRevision(demo, token, await fileIdIn(demo, token, F.folders.media.id, 'database.bak'));
    const before = processRss(client.pid);
    let peak = before ?? 0;
    const sampler = setInterval(() => {
      peak = Math.max(peak, processRss(client.pid) ?? 0);
    }, 50);
    const bigRun = await viaConsole(client, diskDir, [{ ...revisionRequest(big.id), name: 'database.bak' }]).finally(() => clearInterval(sampler));
    remove(diskDir, 'database.bak');
    figures.push({
      name: `console RSS growth, ${(big.size / GIB).toFixed(1)} GiB download to disk`,
      value: before === null ? 0 : (peak - before) / MIB,
      unit: 'MB',
      goal: { value: 100, lowerIsBetter: true },
      note: before === null ? '(not measured: no /proc)' : `(${rate(big.size, bigRun.ms).toFixed(0)} MiB/s)`,
    });
  } finally {
    await client.stop();
    await demo.stop();
  }

  // 8. 8 GiB onto the disk, once each: more than the page cache keeps dirty, so both are bound by the disk.
  try {
    const eight = await benchDemo(8 * GIB);
    const eightClient = await ConsoleContract.start({ demoUrl: eight.demo.url, downloadsRoot: '/', cpus: canPin ? '1' : undefined });
    try {
      await alternate(
        eight.vm.size,
        { label: 'disk: curl -o + sync FILE', run: async () => (await curl(eight.vm.url, eight.token, join(diskDir, 'curl.bin'), { durable: true }).finally(() => remove(diskDir, 'curl.bin'))) },
        { label: 'disk: the console (contract)', run: async () => (await viaConsole(eightClient, diskDir, [revisionRequest(eight.vm.id)]).finally(() => remove(diskDir, 'vm-disk.vhdx'))) },
        0.9,
        `${diskDir}; ${placement}`,
        figures,
        1,
      );
    } finally {
      await eightClient.stop();
      await eight.demo.stop();
    }
  } finally {
    rmSync(memory.dir, { recursive: true, force: true });
    rmSync(diskDir, { recursive: true, force: true });
    rmSync(certDir, { recursive: true, force: true });
  }
  printFigures('Downloads (through the console contract)', figures);
}
