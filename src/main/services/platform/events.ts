/** A typed event bus from services to whichever transport carries events to the renderer. */
import type { EventName, EventPayload } from '../../../shared/contract';

type EventListener = <E extends EventName>(event: E, payload: EventPayload<E>) => void;

export class EventBus {
  private readonly listeners = new Set<EventListener>();

  emit<E extends EventName>(event: E, payload: EventPayload<E>): void {
    for (const listener of this.listeners) {
      try {
        listener(event, payload);
      } catch {
        // A failing transport must not stop the others or the emitting service.
      }
    }
  }

  subscribe(listener: EventListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
