import { parseInstruction } from "../../../helpers/parse-instruction.ts";
import assert from "node:assert/strict";
import {
  swap,
  SWAP_ACCOUNTS,
  type SwapArgs,
  swapInstruction,
  swapRemainingAccounts,
} from "../../../../src/protocol/instructions/earlier/swap.ts";
import {
  assertAccounts,
  assertRoundTrip,
  assertSlotNames,
  type ExpectedAccount,
  hex,
  key,
  PROGRAM_EARLIER as P,
} from "../_check.ts";

const accounts = {
  owner: key("owner"),
  fundingAccount: key("fundingAccount"),
  receivingAccount: key("receivingAccount"),
  pool: key("pool"),
  receivingCustody: key("receivingCustody"),
  receivingCustodyOracleAccount: key("receivingCustodyOracleAccount"),
  receivingCustodyTokenAccount: key("receivingCustodyTokenAccount"),
  dispensingCustody: key("dispensingCustody"),
  dispensingCustodyOracleAccount: key("dispensingCustodyOracleAccount"),
  dispensingCustodyTokenAccount: key("dispensingCustodyTokenAccount"),
  fundingMint: key("fundingMint"),
  fundingTokenProgram: key("fundingTokenProgram"),
  receivingMint: key("receivingMint"),
  receivingTokenProgram: key("receivingTokenProgram"),
};

/** PROTOCOL-v1 §8.3, `swap`, transcribed: name, flags (S = signer, W = writable), expected address. */
const EXPECTED: readonly ExpectedAccount[] = [
  ["owner", "S", accounts.owner],
  ["funding_account", "W", accounts.fundingAccount],
  ["receiving_account", "W", accounts.receivingAccount],
  ["transfer_authority", "", "81xGAvJ27ZeRThU2JEfKAUeT4Fx6qCCd8WHZpujZbiiG"],
  ["perpetuals", "", "7DWCtB5Z8rPiyBMKUwqyC95R9tJpbhoQhLM9LbK3Z5QZ"],
  ["pool", "", accounts.pool],
  ["receiving_custody", "W", accounts.receivingCustody],
  ["receiving_custody_oracle_account", "", accounts.receivingCustodyOracleAccount],
  ["receiving_custody_token_account", "W", accounts.receivingCustodyTokenAccount],
  ["dispensing_custody", "W", accounts.dispensingCustody],
  ["dispensing_custody_oracle_account", "", accounts.dispensingCustodyOracleAccount],
  ["dispensing_custody_token_account", "W", accounts.dispensingCustodyTokenAccount],
  ["event_authority", "", "9qb3KAyARHqhVGQjJmzSVJ1hTm3KDR2QL8EBW5paXkUB"],
  ["program", "", P],
  ["ix_sysvar", "", "Sysvar1nstructions1111111111111111111111111"],
  ["funding_mint", "", accounts.fundingMint],
  ["funding_token_program", "", accounts.fundingTokenProgram],
  ["receiving_mint", "", accounts.receivingMint],
  ["receiving_token_program", "", accounts.receivingTokenProgram],
];

const ARGS: SwapArgs = {
  amountIn: 1_000_000_000n,
  minAmountOut: 145_000_000n,
};

Deno.test("swap: data = discriminator ‖ SwapParams, 24 bytes", () => {
  const data = swap.encode(ARGS);
  assert.equal(swap.discriminatorHex, "f8c69e91e17587c8");
  assert.equal(
    hex(data),
    "f8c69e91e17587c8" + // discriminator
      "00ca9a3b00000000" + // amountIn 1_000_000_000 = 0x3b9aca00 → LE 00 ca 9a 3b 00 00 00 00
      "4086a40800000000", // minAmountOut 145_000_000 = 0x8a48640 → LE 40 86 a4 08 00 00 00 00
  );
  assert.equal(data.length, 24);
  assert.equal(swap.dataSize, 24);
  assert.deepEqual(swap.decode(data), ARGS);
});

Deno.test("swap: accounts in the order and with the flags of PROTOCOL-v1 §8.3", () => {
  const ix = swapInstruction(P, accounts, ARGS, { custodies: [], oracles: [] });
  assert.equal(ix.programAddress, P);
  assertSlotNames(SWAP_ACCOUNTS, EXPECTED);
  assertAccounts(ix, EXPECTED);
});

Deno.test("swap: build → parse round trip (property)", () => {
  assertRoundTrip(
    P,
    swap,
    SWAP_ACCOUNTS,
    (p, a, args) => swapInstruction(p, a, args, { custodies: [], oracles: [] }),
  );
});

Deno.test("swap: remaining accounts are the custodies, then their oracles, then the whitelist, all read-only", () => {
  const custodies = [key("c0"), key("c1"), key("c2")];
  const oracles = [key("o0"), key("o1"), key("o2")];
  const whitelist = key("whitelist");
  const ix = swapInstruction(P, accounts, ARGS, { custodies, oracles, whitelist });
  const parsed = parseInstruction(swap, SWAP_ACCOUNTS, ix);
  assert.deepEqual(parsed.remaining.map((m) => m.address), [...custodies, ...oracles, whitelist]);
  assert.ok(parsed.remaining.every((m) => m.role === 0));
  assert.deepEqual(swapRemainingAccounts({ custodies, oracles }).length, 6);
  assert.throws(() => swapRemainingAccounts({ custodies, oracles: [] }), /3 custodies but 0 oracles/);
});
