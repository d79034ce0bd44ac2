/** The download manager's pure decisions: answers, resume offsets, retry counts, size bounds. */
import { describe, expect, it } from 'vitest';
import {
  failuresWithoutProgress,
  GIB,
  interpretAnswer,
  MEANINGFUL_PROGRESS_BYTES,
  MIB,
  resumePlan,
  sizeLimitFor,
  syncEveryBytesFor,
  type ResumeFacts,
} from '../../src/main/services/downloads/download-decisions';

const facts = (overrides: Partial<ResumeFacts>): ResumeFacts => ({ partSize: 0, flushedBytes: null, afterRestart: false, sameBoot: false, validator: '"v1"', knownTotal: 100 * MIB, ...overrides });

describe('resumePlan (every written byte counts until the machine restarts; after that only flushed ones)', () => {
  it('cuts a .part longer than the recorded flushed offset back to it after the machine restarted', () => {
    expect(resumePlan(facts({ partSize: 70 * MIB, flushedBytes: 64 * MIB, afterRestart: true }))).toEqual({ start: 64 * MIB, truncateTo: 64 * MIB });
  });

  it('resumes a .part shorter than recorded from its real size', () => {
    expect(resumePlan(facts({ partSize: 10 * MIB, flushedBytes: 64 * MIB, afterRestart: true }))).toEqual({ start: 10 * MIB, truncateTo: null });
  });

  it('resumes from the end of the .part after the console restarted on the same boot (a crash or a kill): nothing is fetched again', () => {
    expect(resumePlan(facts({ partSize: 70 * MIB, flushedBytes: 64 * MIB, afterRestart: true, sameBoot: true }))).toEqual({ start: 70 * MIB, truncateTo: null });
    // On the same boot even bytes never flushed count; the rules for a short or oversized .part still apply.
    expect(resumePlan(facts({ partSize: 3 * MIB, flushedBytes: 0, afterRestart: true, sameBoot: true }))).toEqual({ start: 3 * MIB, truncateTo: null });
    expect(resumePlan(facts({ partSize: 200 * MIB, flushedBytes: 0, afterRestart: true, sameBoot: true }))).toEqual({ start: 0, truncateTo: null });
  });

  it('trusts the .part on disk within one run (no power loss in between)', () => {
    expect(resumePlan(facts({ partSize: 70 * MIB, flushedBytes: 64 * MIB, afterRestart: false }))).toEqual({ start: 70 * MIB, truncateTo: null });
  });

  it('starts over without a validator, or when the .part is longer than the file', () => {
    expect(resumePlan(facts({ partSize: 5, validator: null }))).toEqual({ start: 0, truncateTo: null });
    expect(resumePlan(facts({ partSize: 200 * MIB, flushedBytes: 200 * MIB, afterRestart: true }))).toEqual({ start: 0, truncateTo: null });
  });

  it('a flushed offset of 0 after a restart means nothing on disk can be trusted', () => {
    expect(resumePlan(facts({ partSize: 3 * MIB, flushedBytes: 0, afterRestart: true }))).toEqual({ start: 0, truncateTo: 0 });
  });
});

describe('failuresWithoutProgress (a byte per answer is not progress)', () => {
  it('counts attempts that gained less than 1 MiB as failures, and starts again after real progress', () => {
    let count = 0;
    for (let i = 0; i < 10; i++) count = failuresWithoutProgress(count, 1);
    expect(count).toBe(10);
    expect(failuresWithoutProgress(count, MEANINGFUL_PROGRESS_BYTES - 1)).toBe(11);
    expect(failuresWithoutProgress(count, MEANINGFUL_PROGRESS_BYTES)).toBe(1);
  });
});

describe('sizeLimitFor (everything read is bounded)', () => {
  it('bounds by the announced size, or by the unknown-size setting', () => {
    expect(sizeLimitFor(1234, 64)).toEqual({ limit: 1234, announced: true });
    expect(sizeLimitFor(null, 64)).toEqual({ limit: 64 * GIB, announced: false });
    expect(sizeLimitFor(null, 0)).toEqual({ limit: MIB, announced: false });
  });
});

describe('interpretAnswer', () => {
  const request = { start: 10, knownTotal: 100, renewed: false };

  it('renews once after a 401, then takes a second 401 as the instance refusing the credentials', () => {
    expect(interpretAnswer(401, {}, request)).toEqual({ kind: 'renew' });
    expect(interpretAnswer(401, {}, { ...request, renewed: true })).toEqual({ kind: 'rejected-after-renewal' });
  });

  it('reads 206 ranges: the asked start continues, another one starts over', () => {
    expect(interpretAnswer(206, { 'content-range': 'bytes 10-99/100' }, request)).toEqual({ kind: 'write', start: 10, total: 100 });
    expect(interpretAnswer(206, { 'content-range': 'bytes 0-99/100' }, request)).toEqual({ kind: 'start-over' });
    expect(interpretAnswer(206, { 'content-range': 'bytes 10-99/*' }, request)).toEqual({ kind: 'write', start: 10, total: null });
    expect(interpretAnswer(206, {}, request)).toEqual({ kind: 'start-over' });
  });

  it('a 200 is the whole file from 0, its size only when Content-Length says', () => {
    expect(interpretAnswer(200, { 'content-length': '100' }, request)).toEqual({ kind: 'write', start: 0, total: 100 });
    expect(interpretAnswer(200, {}, request)).toEqual({ kind: 'write', start: 0, total: null });
    expect(interpretAnswer(200, { 'content-length': 'lots' }, request)).toEqual({ kind: 'write', start: 0, total: null });
  });

  it('a 416 at exactly the known size means complete; otherwise start over; other statuses are errors', () => {
    expect(interpretAnswer(416, {}, { ...request, start: 100 })).toEqual({ kind: 'already-complete' });
    expect(interpretAnswer(416, {}, request)).toEqual({ kind: 'start-over' });
    expect(interpretAnswer(503, {}, request)).toEqual({ kind: 'error' });
    expect(interpretAnswer(302, { location: 'http://elsewhere/' }, request)).toEqual({ kind: 'error' });
  });
});

describe('syncEveryBytesFor (flushes while writing: often where they are cheap, rarely where they empty the drive cache)', () => {
  it('flushes every 64 MiB on Linux, 256 MiB on Windows, a GiB on macOS', () => {
    expect(syncEveryBytesFor('linux')).toBe(64 * MIB);
    expect(syncEveryBytesFor('win32')).toBe(256 * MIB);
    expect(syncEveryBytesFor('darwin')).toBe(GIB);
  });
});
