/** Shared steps of the help end-to-end tests: the demo's help switches, signing in past the guide, the ticket form. */
import type { Locator, Page } from '@playwright/test';
import { DEMO_ADMIN_KEY, type DemoProcess } from '../helpers/processes';
import { expect, signInToDemo } from './fixtures';

export interface HelpAdminState {
  tickets: Array<{
    ticketId: number;
    attachments: string[];
    body: { ticketSubject: string; ticketCc: string[]; ticketBody: string; ticketPriority: string; ticketCategory: string; ticketPhoneNumber: string; imageTokens: string[] };
  }>;
  uploads: Array<{ id: string; metadata: { name: string; size: number }; deleted: boolean }>;
  demoRequests: Array<{ userName: string; userEmail: string }>;
}

export async function helpAdmin(demo: DemoProcess, method: 'GET' | 'PATCH', body?: unknown): Promise<HelpAdminState> {
  const res = await fetch(`${demo.url}/__demo/help`, {
    method,
    headers: { 'x-demo-admin': DEMO_ADMIN_KEY, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`/__demo/help answered ${res.status}`);
  return (await res.json()) as HelpAdminState;
}

export function panel(app: Page): Locator {
  return app.locator('.help-panel');
}

/** Signs in, then puts the guide tooltip away if it shows. */
export async function signIn(app: Page): Promise<void> {
  await signInToDemo(app, { remember: false });
  await expect(app.getByTestId('help-button')).toBeVisible();
  const guide = app.getByTestId('help-guide');
  // The button says whether this user still has the guide to see (the guide may take a frame to appear).
  if ((await app.getByTestId('help-button').getAttribute('data-guide')) === 'pending') await guide.getByRole('button', { name: 'Got it' }).click();
  await expect(guide).toBeHidden();
}

export async function openTicketForm(app: Page): Promise<Locator> {
  await app.getByTestId('help-button').click();
  await panel(app).getByRole('menuitem', { name: 'Submit a help ticket' }).click();
  await expect(panel(app).getByRole('heading', { name: 'Submit Help ticket' })).toBeVisible();
  return panel(app);
}
