/** Every scenario, in the order the harness runs them (issue 43's list). */
import type { Scenario } from "../scenario.ts";
import { wsSlotReset } from "./ws-slot-reset.ts";

export const SCENARIOS: readonly Scenario[] = [wsSlotReset];
