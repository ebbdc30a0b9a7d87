import assert from "node:assert/strict";
import {
  carrySocketUpgrade,
  socketUpgradeOf,
  switchingProtocols,
  upgradeInfo,
} from "../../../src/http/connections/socket-upgrade.ts";

const PEER = { transport: "tcp" as const, hostname: "127.0.0.1", port: 4000 };

Deno.test("socket upgrade: found in the listener's info, carried onto the edge's exchange, absent elsewhere", () => {
  const upgrade = () => switchingProtocols();
  const info = upgradeInfo(PEER, upgrade);
  assert.equal(socketUpgradeOf(info), upgrade);
  assert.deepEqual(info.remoteAddr, PEER);
  const exchange = carrySocketUpgrade({ requestId: "r1" }, info);
  assert.equal(socketUpgradeOf(exchange), upgrade);
  assert.equal(socketUpgradeOf(carrySocketUpgrade({ requestId: "r2" }, { remoteAddr: PEER })), undefined);
  assert.equal(socketUpgradeOf(undefined), undefined);
});

Deno.test("socket upgrade: the switch's answer reads 101 and carries no body", async () => {
  const answer = switchingProtocols();
  assert.equal(answer.status, 101);
  assert.equal(answer.body, null);
  answer.headers.set("x-request-id", "r1"); // the edge labels it like any answer
  assert.equal(await answer.text(), "");
});
