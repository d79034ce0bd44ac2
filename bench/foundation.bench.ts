/** Foundation: the cost of the contract router and of one API call through the whole main-process stack. */
import { startDemoServer } from '../src/demo-server/server';
import { createTestServices } from '../tests/helpers/services';
import { median, printFigures, timeIt, type Figure } from './harness';

export async function foundationBench(): Promise<void> {
  const demo = await startDemoServer({ sizes: { bigFolderItems: 1000 } });
  const services = await createTestServices({ demo, keytar: null });
  try {
    await services.call('session.signInWithClientCredentials', {
      target: { kind: 'demo' },
      clientId: 'demo-console',
      clientSecret: 'demo-console-secret',
      remember: false,
    });
    const figures: Figure[] = [];

    const dispatches = 20_000;
    const { ms: routerMs } = await timeIt(async () => {
      for (let i = 0; i < dispatches; i++) await services.router.dispatch('settings.get', {});
    });
    figures.push({ name: 'router dispatch (validate + handler), per call', value: (routerMs * 1000) / dispatches, unit: 'µs' });

    const samples: number[] = [];
    for (let i = 0; i < 30; i++) samples.push((await timeIt(() => services.call('devices.query', { page: i % 3 }))).ms);
    figures.push({ name: 'device page (50) via router → got → demo API, median', value: median(samples), unit: 'ms' });

    printFigures('Foundation', figures);
  } finally {
    await services.dispose();
    await demo.close();
  }
}
