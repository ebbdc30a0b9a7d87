import { parseInstruction } from "../../../helpers/parse-instruction.ts";
import assert from "node:assert/strict";
import { PublicKey, SystemProgram } from "@solana/web3.js";
import fc from "fast-check";
import {
  TRANSFER_SOL_ACCOUNTS,
  transferSol,
  transferSolInstruction,
} from "../../../../src/protocol/instructions/external/system.ts";
import { fromWeb3, hex, key } from "../../../helpers/instructions.ts";

const source = key("owner");
const destination = key("feePayer");

Deno.test("system Transfer: u32 index 2, then u64 LE lamports; source signs, both writable", () => {
  const ix = transferSolInstruction({ source, destination }, { lamports: 20_000_000n });
  // 02 00 00 00 | 20_000_000 = 0x1312d00 → 00 2d 31 01 00 00 00 00
  assert.equal(hex(ix.data), "02000000" + "002d310100000000");
  assert.equal(ix.programAddress, "11111111111111111111111111111111");
  assert.deepEqual(ix.accounts.map((a) => [a.address, a.role]), [[source, 3], [destination, 1]]);
});

Deno.test("system Transfer equals web3.js SystemProgram.transfer and parses back (property)", () => {
  fc.assert(fc.property(fc.bigInt({ min: 0n, max: (1n << 64n) - 1n }), (lamports) => {
    const ix = transferSolInstruction({ source, destination }, { lamports });
    const reference = SystemProgram.transfer({
      fromPubkey: new PublicKey(source),
      toPubkey: new PublicKey(destination),
      lamports,
    });
    assert.deepEqual(ix, fromWeb3(reference));
    assert.deepEqual(parseInstruction(transferSol, TRANSFER_SOL_ACCOUNTS, ix), {
      programAddress: "11111111111111111111111111111111",
      accounts: { source, destination },
      remaining: [],
      args: { lamports },
    });
  }));
});
