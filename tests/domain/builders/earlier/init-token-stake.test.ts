/** Earlier init-token-stake builder: idempotent FAF ATA, then deposit_token_stake creating the stake PDA. */
import assert from "node:assert/strict";
import { PublicKey } from "@solana/web3.js";
import { createAssociatedTokenAccountIdempotentInstruction } from "@solana/spl-token";
import { initTokenStakeTransaction } from "../../../../src/domain/builders/earlier/init-token-stake.ts";
import { EVE, PROGRAM } from "../../../helpers/hand-built-deployment.ts";
import { A, builderFixture } from "../../../helpers/earlier-builder-deployment.ts";
import { fromWeb3 } from "../../../helpers/instructions.ts";
import { ok } from "../../quotes/_helpers.ts";
import { ata, FAF, SYSTEM_PROGRAM, TOKEN } from "../../../helpers/expected-accounts.ts";
import { assertEarlierInstruction } from "../../../helpers/transaction-checks.ts";

Deno.test("create the FAF account, then deposit (0 by default) into the new token-stake PDA", () => {
  const s = builderFixture().snapshot("earlier");
  for (const [depositAmountUi, amount] of [[undefined, 0n], ["1.5", 1_500_000n]] as const) {
    const { tokenStakeAccount, ...build } = ok(initTokenStakeTransaction(s, { owner: EVE, depositAmountUi }));
    assert.equal(tokenStakeAccount, A.tokenStake(EVE));
    assert.equal(build.feePayer, EVE);
    const eve = new PublicKey(EVE);
    assert.deepEqual(
      build.instructions[0],
      fromWeb3(
        createAssociatedTokenAccountIdempotentInstruction(eve, new PublicKey(ata(EVE, FAF)), eve, new PublicKey(FAF)),
      ),
    );
    assertEarlierInstruction(build.instructions[1], PROGRAM.earlier, {
      name: "deposit_token_stake",
      accounts: {
        owner: EVE,
        feePayer: EVE,
        fundingTokenAccount: ata(EVE, FAF),
        perpetuals: A.perpetuals,
        tokenVault: A.tokenVault,
        tokenVaultTokenAccount: A.tokenVaultTokenAccount,
        tokenStakeAccount: A.tokenStake(EVE),
        systemProgram: SYSTEM_PROGRAM,
        tokenProgram: TOKEN,
        eventAuthority: A.eventAuthority,
        program: PROGRAM.earlier,
        tokenMint: FAF,
      },
      args: { depositAmount: amount },
    });
    assert.deepEqual(build.lookupTableAddresses, []); // every pool's: the hand-built pools list none
  }
});
