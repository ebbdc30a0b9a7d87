/** Every scenario, in the order the harness runs them (issue 43's list). */
import type { Scenario } from "../scenario.ts";
import { wsSlotReset } from "./ws-slot-reset.ts";
import { fdExhaustion } from "./fd-exhaustion.ts";
import { slowReaders } from "./slow-readers.ts";
import { h2cSlowStreams } from "./h2c-slow-streams.ts";
import { wsLargeMessages } from "./ws-large-messages.ts";
import { slowBodies } from "./slow-bodies.ts";
import { abortedUploads } from "./aborted-uploads.ts";
import { metricsExposure } from "./metrics-exposure.ts";

export const SCENARIOS: readonly Scenario[] = [
  wsSlotReset,
  fdExhaustion,
  slowReaders,
  h2cSlowStreams,
  wsLargeMessages,
  slowBodies,
  abortedUploads,
  metricsExposure,
];
