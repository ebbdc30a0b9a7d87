import { parseInstruction } from "../../../helpers/parse-instruction.ts";
import assert from "node:assert/strict";
import { PublicKey } from "@solana/web3.js";
import {
  createCloseAccountInstruction,
  createSyncNativeInstruction,
  createTransferCheckedInstruction,
  TOKEN_2022_PROGRAM_ID,
  TOKEN_PROGRAM_ID,
} from "@solana/spl-token";
import fc from "fast-check";
import {
  checkTokenProgram,
  CLOSE_ACCOUNT_ACCOUNTS,
  closeAccount,
  closeAccountInstruction,
  SYNC_NATIVE_ACCOUNTS,
  syncNative,
  syncNativeInstruction,
  TRANSFER_CHECKED_ACCOUNTS,
  transferChecked,
  transferCheckedInstruction,
} from "../../../../src/protocol/instructions/external/token.ts";
import { fromWeb3, hex, key } from "../../../helpers/instructions.ts";

const owner = key("owner");
const source = key("source");
const destination = key("destination");
const mint = key("mint");
const PROGRAMS = [TOKEN_PROGRAM_ID, TOKEN_2022_PROGRAM_ID];

Deno.test("TransferChecked: 0c, u64 LE amount, u8 decimals; equals @solana/spl-token (both token programs)", () => {
  const ix = transferCheckedInstruction(TOKEN_PROGRAM_ID.toBase58(), { source, mint, destination, owner }, {
    amount: 11_000_000n,
    decimals: 6,
  });
  // 0c | 11_000_000 = 0xa7d8c0 → c0 d8 a7 00 00 00 00 00 | 06
  assert.equal(hex(ix.data), "0c" + "c0d8a70000000000" + "06");
  fc.assert(
    fc.property(
      fc.bigInt({ min: 0n, max: (1n << 64n) - 1n }),
      fc.integer({ min: 0, max: 255 }),
      fc.constantFrom(...PROGRAMS),
      (amount, decimals, program) => {
        const mine = transferCheckedInstruction(program.toBase58(), { source, mint, destination, owner }, {
          amount,
          decimals,
        });
        const reference = createTransferCheckedInstruction(
          new PublicKey(source),
          new PublicKey(mint),
          new PublicKey(destination),
          new PublicKey(owner),
          amount,
          decimals,
          [],
          program,
        );
        assert.deepEqual(mine, fromWeb3(reference));
        assert.deepEqual(parseInstruction(transferChecked, TRANSFER_CHECKED_ACCOUNTS, mine).args, { amount, decimals });
      },
    ),
  );
});

Deno.test("CloseAccount: 09; account and destination writable, owner signs; equals @solana/spl-token", () => {
  for (const program of PROGRAMS) {
    const ix = closeAccountInstruction(program.toBase58(), { account: source, destination: owner, owner });
    assert.equal(hex(ix.data), "09");
    const reference = createCloseAccountInstruction(
      new PublicKey(source),
      new PublicKey(owner),
      new PublicKey(owner),
      [],
      program,
    );
    assert.deepEqual(ix, fromWeb3(reference));
    assert.deepEqual(parseInstruction(closeAccount, CLOSE_ACCOUNT_ACCOUNTS, ix).accounts, {
      account: source,
      destination: owner,
      owner,
    });
  }
});

Deno.test("SyncNative: 11 (17); the wrapped-SOL account writable; equals @solana/spl-token", () => {
  for (const program of PROGRAMS) {
    const ix = syncNativeInstruction(program.toBase58(), { account: source });
    assert.equal(hex(ix.data), "11");
    assert.deepEqual(ix, fromWeb3(createSyncNativeInstruction(new PublicKey(source), program)));
    assert.deepEqual(parseInstruction(syncNative, SYNC_NATIVE_ACCOUNTS, ix).accounts, { account: source });
  }
});

Deno.test("token instructions refuse a program that is not a token program", () => {
  assert.throws(() => syncNativeInstruction(owner, { account: source }), /not a token program/);
  assert.equal(checkTokenProgram(TOKEN_2022_PROGRAM_ID.toBase58()), "TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb");
});
