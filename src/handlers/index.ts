/**
 * The handler table: operationId → handler. An operation missing here answers 501 NOT_IMPLEMENTED.
 * Each handler lives in its own file under v2/ or earlier/.
 */
import type { HandlerTable } from "../http/app.ts";
import { v2GetOpenApiDocument } from "./v2/get-openapi-document.ts";
import { getOpenApiDocument } from "./earlier/get-openapi-document.ts";
import { getDocs } from "./earlier/get-docs.ts";

export const handlers: HandlerTable = {
  v2GetOpenApiDocument,
  getOpenApiDocument,
  getDocs,
};
