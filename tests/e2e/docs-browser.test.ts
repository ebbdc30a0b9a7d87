/**
 * The interactive docs page in a real browser (issue 14 item 7): headless Chromium opens `/docs/`, sees the
 * operations of both interfaces, runs one "Test Request" against this server, and requests nothing outside
 * localhost.
 */
import assert from "node:assert/strict";
import { testApp } from "../helpers/app.ts";
import { HAS_CHROMIUM, launchBrowser } from "../helpers/browser.ts";

Deno.test({
  name: "docs page in Chromium: both interfaces, one try-it request, nothing loaded from outside localhost",
  ignore: !HAS_CHROMIUM,
  async fn() {
    const app = await testApp();
    const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, app.fetch);
    const base = `http://127.0.0.1:${server.addr.port}`;
    const browser = await launchBrowser();
    try {
      const page = await browser.context.newPage();
      await page.setViewportSize({ width: 1400, height: 1000 });
      await page.goto(`${base}/docs/`);

      // v2 is the first document: its title and operations.
      await page.getByRole("heading", { name: /v2 interface \(basket model\)/ }).waitFor({ timeout: 30_000 });
      for (const group of ["Trading", "Funds", "Previews"]) {
        await page.getByRole("button", { name: `Open Group - ${group}` }).first().waitFor();
      }
      await page.getByText("/v2/health", { exact: true }).first().waitFor();

      // "Test Request" on GET /v2/health sends it to this server and shows the answer. Scalar renders an operation
      // only once it is near the viewport, so go to it through the sidebar first (the introduction is long).
      await page.getByText("Service health", { exact: true }).first().click();
      const answered = page.waitForResponse((response) => response.url() === `${base}/v2/health`);
      await page.getByRole("button", { name: /Test Request/ }).first().click();
      await page.getByRole("button", { name: /^Send/ }).first().click();
      const response = await answered;
      const expected = response.status(); // 200, or 503 while this unstarted service has ingested nothing
      assert.ok([200, 503].includes(expected));
      await page.getByText(new RegExp(`^${expected} `)).first().waitFor();
      await page.keyboard.press("Escape");

      // The earlier interface, through the document selector.
      await page.getByRole("button", { name: /v2 \(basket model\)/ }).first().click();
      await page.getByText("Earlier interface", { exact: true }).first().click();
      await page.getByRole("heading", { name: /earlier interface/ }).waitFor();
      await page.getByText("/raw/perpetuals", { exact: true }).first().waitFor({ state: "attached" });

      const documents = browser.requests.filter((url) => url.endsWith("openapi.json")).map((url) =>
        new URL(url).pathname
      );
      assert.deepEqual([...new Set(documents)].sort(), ["/api-docs/openapi.json", "/v2/api-docs/openapi.json"]);
      assert.deepEqual(browser.outsideRequests(), []);
    } finally {
      await browser.close();
      await server.shutdown();
    }
  },
});
