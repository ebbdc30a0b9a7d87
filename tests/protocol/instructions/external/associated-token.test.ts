import { parseInstruction } from "../../../helpers/parse-instruction.ts";
import assert from "node:assert/strict";
import { PublicKey } from "@solana/web3.js";
import {
  ASSOCIATED_TOKEN_PROGRAM_ID,
  createAssociatedTokenAccountIdempotentInstruction,
  getAssociatedTokenAddressSync,
  TOKEN_2022_PROGRAM_ID,
  TOKEN_PROGRAM_ID,
} from "@solana/spl-token";
import {
  CREATE_ASSOCIATED_TOKEN_IDEMPOTENT_ACCOUNTS,
  createAssociatedTokenIdempotent,
  createAssociatedTokenIdempotentInstruction,
} from "../../../../src/protocol/instructions/external/associated-token.ts";
import { fromWeb3, hex, key } from "../../../helpers/instructions.ts";

const payer = key("payer");
const owner = key("owner");
const USDC = "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v";
const TOKEN_2022_MINT = key("token2022Mint");

const CASES = [["legacy", TOKEN_PROGRAM_ID, USDC], ["Token-2022", TOKEN_2022_PROGRAM_ID, TOKEN_2022_MINT]] as const;

for (const [label, tokenProgram, mint] of CASES) {
  Deno.test(`ATA CreateIdempotent (${label}): data 01, six accounts, equals @solana/spl-token`, () => {
    const ix = createAssociatedTokenIdempotentInstruction({
      payer,
      owner,
      mint,
      tokenProgram: tokenProgram.toBase58(),
    });
    assert.equal(hex(ix.data), "01");
    const ata = getAssociatedTokenAddressSync(new PublicKey(mint), new PublicKey(owner), true, tokenProgram);
    const reference = createAssociatedTokenAccountIdempotentInstruction(
      new PublicKey(payer),
      ata,
      new PublicKey(owner),
      new PublicKey(mint),
      tokenProgram,
      ASSOCIATED_TOKEN_PROGRAM_ID,
    );
    assert.deepEqual(ix, fromWeb3(reference));
    assert.deepEqual(
      parseInstruction(createAssociatedTokenIdempotent, CREATE_ASSOCIATED_TOKEN_IDEMPOTENT_ACCOUNTS, ix).accounts,
      {
        payer,
        associatedToken: ata.toBase58(),
        owner,
        mint,
        systemProgram: "11111111111111111111111111111111",
        tokenProgram: tokenProgram.toBase58(),
      },
    );
  });
}

Deno.test("ATA CreateIdempotent: a given associated token address is used as is; a non-token program is refused", () => {
  const given = key("ata");
  const ix = createAssociatedTokenIdempotentInstruction({
    payer,
    owner,
    mint: USDC,
    associatedToken: given,
    tokenProgram: TOKEN_PROGRAM_ID.toBase58(),
  });
  assert.equal(ix.accounts[1].address, given);
  assert.throws(
    () => createAssociatedTokenIdempotentInstruction({ payer, owner, mint: USDC, tokenProgram: payer }),
    /not a token program/,
  );
});
