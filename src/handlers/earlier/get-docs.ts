import type { EarlierHandler } from "./handler.ts";
import { docsPageHtml } from "../../http/docs.ts";
import { mountsOf } from "../../http/mounts.ts";

/** GET /docs/: interactive documentation of both interfaces, each document where its mount serves it. */
export const getDocs: EarlierHandler<"getDocs"> = (c) =>
  c.html(docsPageHtml(mountsOf(c.get("services")?.config ?? {})), 200);
