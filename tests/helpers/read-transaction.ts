/**
 * Reads a built transaction back (the inverse of `assembleTransaction`), for the tests that look inside one: it
 * decodes with web3.js, an implementation independent of the one that encoded (`src/domain/builders/message.ts`).
 */
import { AddressLookupTableAccount, PublicKey, VersionedTransaction } from "@solana/web3.js";
import { fromBase64 } from "../../src/protocol/codec/bytes.ts";
import { createInstruction, type Instruction } from "../../src/protocol/instructions/instruction.ts";
import { roleOf } from "./roles.ts";
import type { LookupTable } from "../../src/domain/builders/transaction.ts";

/** A deserialized transaction, in this project's terms. */
export interface ReadTransaction {
  version: "legacy" | 0;
  feePayer: string;
  blockhash: string;
  /** The signature slots, in signer order (all zero in an unsigned transaction). */
  signatures: Uint8Array[];
  /** The keys that must sign, in slot order (the fee payer first). */
  signers: string[];
  /** The lookup tables the message references, with the indexes it loads. */
  lookups: { key: string; writableIndexes: number[]; readonlyIndexes: number[] }[];
  /**
   * The instructions, with every account resolved. Roles are **message-level**: a key's role is the union of its
   * roles in all instructions, and the fee payer is a writable signer (compare with `roleIncludes`, or merge the
   * expected roles of all instructions first).
   */
  instructions: Instruction[];
  sizeBytes: number;
}

/**
 * Deserializes a base64 transaction. `lookupTables` must hold every table the message references (their content at
 * build time); a missing one is an error.
 */
export function readTransaction(base64: string, lookupTables: readonly LookupTable[] = []): ReadTransaction {
  const bytes = fromBase64(base64);
  const tx = VersionedTransaction.deserialize(bytes);
  const message = tx.message;
  const lookups = message.addressTableLookups.map((l) => ({
    key: l.accountKey.toBase58(),
    writableIndexes: [...l.writableIndexes],
    readonlyIndexes: [...l.readonlyIndexes],
  }));
  const tables = lookups.map((l) => {
    const table = lookupTables.find((t) => t.key === l.key);
    if (table === undefined) throw new Error(`the transaction uses lookup table ${l.key}, which was not given`);
    return tableAccount(table);
  });
  const keys = message.getAccountKeys({ addressLookupTableAccounts: tables });
  const address = (i: number): string => {
    const key = keys.get(i);
    if (key === undefined) throw new Error(`account index ${i} out of range`);
    return key.toBase58();
  };
  const role = (i: number) =>
    roleOf({ isSigner: message.isAccountSigner(i), isWritable: message.isAccountWritable(i) });
  const instructions = message.compiledInstructions.map((ix) =>
    createInstruction(
      address(ix.programIdIndex),
      ix.accountKeyIndexes.map((i) => ({ address: address(i), role: role(i) })),
      Uint8Array.from(ix.data),
    )
  );
  const signerCount = message.header.numRequiredSignatures;
  return {
    version: message.version,
    feePayer: address(0),
    blockhash: message.recentBlockhash,
    signatures: tx.signatures.map((s) => Uint8Array.from(s)),
    signers: message.staticAccountKeys.slice(0, signerCount).map((k) => k.toBase58()),
    lookups,
    instructions,
    sizeBytes: bytes.length,
  };
}

function tableAccount(t: LookupTable): AddressLookupTableAccount {
  return new AddressLookupTableAccount({
    key: new PublicKey(t.key),
    state: {
      deactivationSlot: 0xffff_ffff_ffff_ffffn,
      lastExtendedSlot: 0,
      lastExtendedSlotStartIndex: 0,
      authority: undefined,
      addresses: t.addresses.map((a) => new PublicKey(a)),
    },
  });
}
