/**
 * The non-perpetuals accounts of the world: SPL Token / Token-2022 mints and token accounts, address lookup tables
 * and MagicBlock delegation records, encoded with the service's own layouts (src/protocol/external), with the
 * world's choices filled in (initialized, no delegates, never-deactivated tables).
 */
import {
  type MetadataPointer,
  metadataPointer,
  type Mint,
  mintAccount,
  scaledUiAmountConfig,
  token2022Extension,
  token2022MintAccount,
  TOKEN_2022_EXTENSION,
  tokenAccount,
} from "../../src/protocol/external/spl-token.ts";
import {
  ACTIVE_LOOKUP_TABLE_SLOT,
  addressLookupTableAccount,
  LOOKUP_TABLE_TYPE,
} from "../../src/protocol/external/address-lookup-table.ts";
import { delegationRecordAccount } from "../../src/protocol/external/delegation-record.ts";

/** Rent-exempt minimum for `len` bytes of data (the cluster's default rent: 3480 lamports/byte-year × 2 years). */
export function rentExempt(len: number): bigint {
  return BigInt((128 + len) * 3480 * 2);
}

export type MintInput = Omit<Mint, "isInitialized">;

/** Legacy SPL Token mint (82 bytes). */
export function encodeMint(m: MintInput): Uint8Array {
  return mintAccount.encode({ ...m, isInitialized: true });
}

/**
 * Token-2022 mint with the extensions of an xStocks-style equity token: MetadataPointer (to itself) and
 * ScaledUiAmountConfig (multiplier 1.0).
 */
export function encodeMint2022(mint: string, m: MintInput, scaledUiAuthority: string): Uint8Array {
  const pointer: MetadataPointer = { authority: m.mintAuthority ?? scaledUiAuthority, metadataAddress: mint };
  return token2022MintAccount.encode({
    mint: { ...m, isInitialized: true },
    extensions: [
      token2022Extension(TOKEN_2022_EXTENSION.MetadataPointer, metadataPointer, pointer),
      token2022Extension(TOKEN_2022_EXTENSION.ScaledUiAmount, scaledUiAmountConfig, {
        authority: scaledUiAuthority,
        multiplier: 1.0,
        newMultiplierEffectiveTimestamp: 0n,
        newMultiplier: 1.0,
      }),
    ],
  });
}

export interface TokenAccountInput {
  mint: string;
  owner: string;
  amount: bigint;
  /** Rent reserve of a native (wrapped SOL) account; null for other mints. */
  nativeRentReserve: bigint | null;
}

/** An initialized token account with no delegate and no close authority (165 bytes). */
export function encodeTokenAccount(a: TokenAccountInput): Uint8Array {
  return tokenAccount.encode({
    mint: a.mint,
    owner: a.owner,
    amount: a.amount,
    delegate: null,
    state: "Initialized",
    isNative: a.nativeRentReserve,
    delegatedAmount: 0n,
    closeAuthority: null,
  });
}

/** An active (never deactivated) lookup table. */
export function encodeLookupTable(authority: string, lastExtendedSlot: bigint, addresses: string[]): Uint8Array {
  return addressLookupTableAccount.encode({
    meta: {
      typeIndex: LOOKUP_TABLE_TYPE,
      deactivationSlot: ACTIVE_LOOKUP_TABLE_SLOT,
      lastExtendedSlot,
      lastExtendedSlotStartIndex: 0,
      authority,
      padding: new Uint8Array(2),
    },
    addresses,
  });
}

/** The delegation record of an account the world delegates to the ER. */
export function encodeDelegationRecord(
  validator: string,
  ownerProgram: string,
  delegationSlot: bigint,
  lamports: bigint,
  commitFrequencyMs: bigint,
): Uint8Array {
  return delegationRecordAccount.encode({
    authority: validator,
    owner: ownerProgram,
    delegationSlot,
    lamports,
    commitFrequencyMs,
  });
}
