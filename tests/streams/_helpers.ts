/** Fake sockets and a hub over the hand-built deployment, for the stream tests that need no network. */
import { MemoryConnectionStore } from "../../src/limits/connection-store.ts";
import type { ProgramVersion } from "../../src/protocol/vocabulary.ts";
import type { OwnerViewCache } from "../../src/runtime/owner-view-cache.ts";
import { VirtualClock } from "../../src/state/clock.ts";
import { type StreamDefinition, StreamHub, type StreamSocket } from "../../src/streams/hub.ts";
import { buildFixture, type Fixture, ownerViewsOf } from "../helpers/hand-built-deployment.ts";
import { ManualTimers } from "./_timers.ts";

/** A socket that records what it was sent and how it was closed. */
export class FakeSocket implements StreamSocket {
  readyState = 1;
  bufferedAmount = 0;
  readonly sent: string[] = [];
  closedWith: { code?: number; reason?: string } | undefined;
  failSends = false;

  send(text: string): void {
    if (this.failSends) throw new Error("broken pipe");
    this.sent.push(text);
  }

  close(code?: number, reason?: string): void {
    this.closedWith = { code, reason };
    this.readyState = 3;
  }

  /** The messages received so far, parsed. */
  messages(): { type: string; data: unknown }[] {
    return this.sent.map((text) => JSON.parse(text));
  }
}

/** A started hub of `definition` over a fixture's store and a started owner view cache, on hand-moved timers. */
export function hubOverFixture<P>(
  version: ProgramVersion,
  definition: (views: OwnerViewCache) => StreamDefinition<P>,
  fixture: Fixture = buildFixture(),
) {
  const clock = new VirtualClock(fixture.nowMs);
  const views = ownerViewsOf(fixture, version, clock);
  views.start();
  const timers = new ManualTimers();
  const hub = new StreamHub(definition(views), {
    limits: new MemoryConnectionStore({ perOwner: 5, global: 100 }),
    metrics: { wsOpened: () => {}, wsClosed: () => {} },
    accounts: fixture.store,
    maxBufferedBytes: 1 << 20,
    timers,
  });
  hub.start();
  const open = async (owner: string, params: P, intervalMs = 1000) => {
    const admission = await hub.admit(owner);
    if (!admission.ok) throw new Error(admission.code);
    const socket = new FakeSocket();
    admission.connect(params, intervalMs).opened(socket);
    return socket;
  };
  return { fixture, clock, views, timers, hub, open };
}
