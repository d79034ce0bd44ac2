/** The other integrations' writes, each naming the reads its success makes out of date (core/data/cache). */
import type { CallInput, CallOutput } from '../../../../shared/contract';
import { api } from '../../core/api';
import { write } from '../../core/data/cache';

export function saveToolConnection(input: CallInput<'integrations.saveConnection'>): Promise<CallOutput<'integrations.saveConnection'>> {
  return write('integrations.saveConnection', input, ['integrations.list']);
}

export function setIntegrationEnabled(input: CallInput<'integrations.setEnabled'>): Promise<CallOutput<'integrations.setEnabled'>> {
  return write('integrations.setEnabled', input, ['integrations.list']);
}

export function saveWebhook(input: CallInput<'integrations.saveWebhook'>): Promise<CallOutput<'integrations.saveWebhook'>> {
  return write('integrations.saveWebhook', input, ['integrations.list']);
}

/** Changes nothing the screens read: the answer is shown in the modal. */
export function testWebhook(): Promise<CallOutput<'integrations.testWebhook'>> {
  return api.call('integrations.testWebhook', {});
}

export function registerWebSecurity(): Promise<CallOutput<'integrations.registerWebSecurity'>> {
  return write('integrations.registerWebSecurity', {}, ['integrations.list']);
}
