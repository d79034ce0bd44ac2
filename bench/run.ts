/**
 * `npm run bench`: speed and memory figures with their goals and ratios.
 * Printed, never asserted. `npm run bench -- foundation` runs one group.
 */
import { browserBench } from './browser.bench';
import { compareBench } from './compare.bench';
import { downloadsBench } from './downloads.bench';
import { foundationBench } from './foundation.bench';

const groups: Record<string, () => Promise<void>> = {
  foundation: foundationBench,
  browser: browserBench,
  compare: compareBench,
  downloads: downloadsBench,
};

async function main(): Promise<void> {
  const wanted = process.argv.slice(2);
  const names = wanted.length ? wanted : Object.keys(groups);
  for (const name of names) {
    const group = groups[name];
    if (!group) throw new Error(`Unknown benchmark group ${name}. Known: ${Object.keys(groups).join(', ')}`);
    await group();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
