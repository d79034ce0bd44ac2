import { test, signInToDemo, expectGrid, pagedCount } from './fixtures';
test('dump', async ({ app }) => {
  await signInToDemo(app);
  const list = app.getByRole('region', { name: 'Device list' });
  await list.getByRole('button', { name: 'File Server (NT-SRV-001)' }).waitFor();
  await expectGrid(list, { name: 'Device list', columns: ['Name', 'Organization', 'Class', 'Role', 'Status', 'Backup'], rows: await pagedCount(list) });
});
