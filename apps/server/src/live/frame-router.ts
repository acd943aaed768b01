import type { ClientFrame, ClientFrameType, ServerFrame, User } from "@neuroos/contracts";

export interface FrameContext {
  user: User;
  /** Sends to this socket only; use the bus for what every browser of the user should see. */
  send(frame: ServerFrame): void;
}

export type FrameHandler<T extends ClientFrameType> = (
  ctx: FrameContext,
  frame: Extract<ClientFrame, { type: T }>,
) => Promise<void> | void;

/** Maps each client frame type to the feature that handles it. */
export class FrameRouter {
  private readonly handlers = new Map<ClientFrameType, FrameHandler<ClientFrameType>>();

  on<T extends ClientFrameType>(type: T, handler: FrameHandler<T>): void {
    if (this.handlers.has(type)) throw new Error(`A handler for '${type}' frames is already registered`);
    this.handlers.set(type, handler as unknown as FrameHandler<ClientFrameType>);
  }

  handlerFor(type: ClientFrameType): FrameHandler<ClientFrameType> | undefined {
    return this.handlers.get(type);
  }
}
