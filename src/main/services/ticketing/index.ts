/** The ticketing area's door in main/services: what other areas may use of it. */
export { TICKET_GONE_MESSAGE, boardTicketsAnswer } from './ticket-reads';
export { optional, optionalText, text, ticketSchema, time } from './ticket-schemas';
export { TICKETING_API_PATHS } from './ticketing-api';
export { type TicketingService } from './ticketing-service';
export { triggerSchema } from './trigger-schemas';
