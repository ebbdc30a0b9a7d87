/**
 * Issue 44's "done when": the service in the live service's layout (`V2_BASE_PATH=/ EARLIER_BASE_PATH=/v1`) serves a
 * script written as the live service's own v2 client writes it: plain `fetch` at root paths, the token's mint taken
 * from the token list, the withdrawal requested without a fee payer (variant A). Tokens, price, owner, the basket's raw
 * account, open, close, withdraw, over a real socket. Every answer is checked against the operation it is the mounted
 * form of, and every transaction is decoded.
 *
 * The raw basket is read as the live service's clients read it: `{pubkey, account}` (DECISIONS 5.16).
 */
import assert from "node:assert/strict";
import { readTransaction } from "../helpers/read-transaction.ts";
import { assertMatchesContract, documentedPath } from "../helpers/contract.ts";
import { decodeProgramInstruction } from "../helpers/instructions.ts";
import { serveOnLoopback } from "../helpers/streams.ts";
import { startFundsWorld } from "./_world.ts";

const LIVE = { v2: "", earlier: "/v1" };

/** The live service's v2 client, reduced to what the script uses: JSON over fetch at the service's root. */
function liveV2Client(base: string) {
  const request = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${base}${path}`, {
      method,
      headers: body === undefined ? {} : { "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = await response.json();
    assertMatchesContract(method, documentedPath(LIVE, path), response.status, "application/json", json);
    assert.equal(response.status, 200, `${method} ${path}: ${JSON.stringify(json)}`);
    return json;
  };
  return {
    tokens: () => request("GET", "/tokens"),
    price: (symbol: string) => request("GET", `/prices/${symbol}`),
    owner: (owner: string) => request("GET", `/owner/${owner}`),
    rawBasket: (pubkey: string) => request("GET", `/raw/baskets/${pubkey}`),
    build: (name: string, body: unknown) => request("POST", `/transaction-builder/${name}`, body),
  };
}

Deno.test("a live-service v2 client's script runs against the live layout: tokens, price, owner, open, close, withdraw", async () => {
  const w = await startFundsWorld({ V2_BASE_PATH: "/", EARLIER_BASE_PATH: "/v1" });
  const loopback = await serveOnLoopback(w.app.fetch);
  const owner = w.cases.rich;
  const programInstructions = (base64: string) =>
    readTransaction(base64, w.lookupTables()).instructions
      .filter((ix) => ix.programAddress === w.programId)
      .map((ix) => decodeProgramInstruction("v2", ix));
  try {
    const api = liveV2Client(loopback.base);

    const tokens: { symbol: string; mint: string }[] = await api.tokens();
    const usdc = tokens.find((t) => t.symbol === "USDC");
    assert.ok(usdc, "USDC is listed");
    assert.equal(usdc.mint, w.mints.USDC);

    const sol = await api.price("SOL");
    assert.ok(sol.priceUi > 0);

    const snapshot = await api.owner(owner);
    assert.equal(snapshot.owner, owner);
    const raw = await api.rawBasket(w.ref.basket(owner));
    assert.equal(raw.pubkey, w.ref.basket(owner));
    assert.equal(raw.account.owner, owner);
    assert.ok(Array.isArray(raw.account.debits), "the balance a browser app reads: raw.account.debits");

    const open = await api.build("open-position", {
      inputTokenSymbol: "USDC",
      outputTokenSymbol: "SOL",
      inputAmountUi: "11",
      leverage: 5,
      tradeType: "LONG",
      owner,
    });
    assert.equal(open.err, null);
    const opened = programInstructions(open.transactionBase64);
    // The owner already holds a SOL long (its market's one position slot): the open adds to it.
    assert.equal(opened[0].name, "increase_position_size_er");
    assert.equal(opened[0].accounts.owner, owner);

    const close = await api.build("close-position", {
      marketSymbol: "SOL",
      side: "LONG",
      inputUsdUi: "1",
      closeAll: true,
      withdrawTokenSymbol: "USDC",
      owner,
    });
    assert.equal(close.err, null);
    assert.equal(programInstructions(close.transactionBase64)[0].name, "close_position_er");

    const withdrawal = await api.build("request-withdrawal", { owner, tokenMint: usdc.mint, amount: "1" });
    const withdrawn = programInstructions(withdrawal.transactionBase64);
    assert.deepEqual(withdrawn.map((ix) => ix.name), ["withdrawal_with_action"]);
    assert.equal(withdrawn[0].accounts.feePayer, withdrawal.feePayer);
    assert.equal(withdrawn[0].accounts.withdrawalEscrowReceipt, withdrawal.receipt);
    assert.deepEqual(readTransaction(withdrawal.transactionBase64, w.lookupTables()).signers, [
      owner,
      withdrawal.feePayer,
    ]);
  } finally {
    await loopback.server.shutdown();
    await w.service.stop();
  }
});
