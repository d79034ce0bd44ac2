/**
 * The other integrations' door: no screen of their own, they are shown on the
 * PSA feature's Integrations screen, beside its cards.
 */
export { OtherIntegrations } from './OtherIntegrations';
