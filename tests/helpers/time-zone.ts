/** Runs the enclosing suite on a machine clock in `zone` (process.env.TZ), and puts the machine's own back after it. */
import { afterAll, beforeAll } from 'vitest';

export function onMachineClockIn(zone: string): void {
  const saved = process.env.TZ;
  beforeAll(() => {
    process.env.TZ = zone;
  });
  afterAll(() => {
    if (saved === undefined) delete process.env.TZ;
    else process.env.TZ = saved;
  });
}
