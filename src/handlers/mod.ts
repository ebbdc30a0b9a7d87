/**
 * The handler table: operationId → handler, every handler each interface folder's index exports. An operation
 * missing here answers 501 NOT_IMPLEMENTED. Handlers live under v2/ and earlier/, one file per concern; shared/
 * holds what both interfaces use.
 */
import type { HandlerTable } from "../http/app.ts";
import * as v2 from "./v2/mod.ts";
import * as earlier from "./earlier/mod.ts";
import type { V2Routes } from "./v2/handler.ts";
import type { EarlierRoutes } from "./earlier/handler.ts";

/** An interface index that exports anything but handlers of its own operations fails to compile here. */
type OnlyOperations<Module, Routes> = Exclude<keyof Module, keyof Routes> extends never ? Module
  : { "exports that are not operations of this interface": Exclude<keyof Module, keyof Routes> };

export const handlers: HandlerTable = {
  ...(v2 satisfies OnlyOperations<typeof v2, V2Routes>),
  ...(earlier satisfies OnlyOperations<typeof earlier, EarlierRoutes>),
};
