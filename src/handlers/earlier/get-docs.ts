import type { EarlierHandler } from "./handler.ts";
import { docsPageHtml } from "../../http/docs.ts";

/** GET /docs/: interactive documentation of both interfaces. */
export const getDocs: EarlierHandler<"getDocs"> = (c) => c.html(docsPageHtml(), 200);
