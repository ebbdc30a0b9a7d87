/** Test helper: a web3.js instruction in this project's terms, to compare encoders with the reference libraries. */
import type { TransactionInstruction } from "@solana/web3.js";
import { createInstruction, type Instruction, roleOf } from "../../../../src/protocol/instructions/instruction.ts";

export function fromWeb3(ix: TransactionInstruction): Instruction {
  return createInstruction(
    ix.programId.toBase58(),
    ix.keys.map((k) => ({ address: k.pubkey.toBase58(), role: roleOf(k) })),
    Uint8Array.from(ix.data),
  );
}
