/**
 * SPL Token accounts (ORACLE-AND-CHAIN §2.1): the mint (82 bytes) and the token account (165 bytes), the same base
 * layout under Token-2022, whose extensions follow at byte 165 (an account-type byte, then type-length-value entries).
 * The service reads mint supplies (pool LP supply); the fixture generator writes mints, Token-2022 mints and token
 * accounts.
 */
import { bool, bytes, type Codec, CodecError, enumeration, i64, pubkey, struct, u16, u64, u8 } from "../codec/mod.ts";
import { BorshReader, BorshWriter } from "../codec/mod.ts";
import {
  cOptionPubkey,
  cOptionU64,
  defineExternalAccount,
  type ExternalAccountCodec,
  f64,
  fixedSize,
} from "./layout.ts";

export interface Mint {
  mintAuthority: string | null;
  supply: bigint;
  decimals: number;
  isInitialized: boolean;
  freezeAuthority: string | null;
}
export const mintStruct: Codec<Mint> = struct<Mint>("Mint", {
  mintAuthority: cOptionPubkey,
  supply: u64,
  decimals: u8,
  isInitialized: bool,
  freezeAuthority: cOptionPubkey,
});
/** A mint of either token program (a Token-2022 mint's extensions are not read). */
export const mintAccount: ExternalAccountCodec<Mint> = defineExternalAccount("Mint", mintStruct);

export type TokenAccountState = "Uninitialized" | "Initialized" | "Frozen";

export interface TokenAccount {
  mint: string;
  owner: string;
  amount: bigint;
  delegate: string | null;
  state: TokenAccountState;
  /** Rent reserve of a native (wrapped SOL) account; null for every other mint. */
  isNative: bigint | null;
  delegatedAmount: bigint;
  closeAuthority: string | null;
}
export const tokenAccountStruct: Codec<TokenAccount> = struct<TokenAccount>("TokenAccount", {
  mint: pubkey,
  owner: pubkey,
  amount: u64,
  delegate: cOptionPubkey,
  state: enumeration("AccountState", ["Uninitialized", "Initialized", "Frozen"] as const),
  isNative: cOptionU64,
  delegatedAmount: u64,
  closeAuthority: cOptionPubkey,
});
/** A token account of either token program (a Token-2022 account's extensions are not read). */
export const tokenAccount: ExternalAccountCodec<TokenAccount> = defineExternalAccount(
  "TokenAccount",
  tokenAccountStruct,
);

// ---- Token-2022 extensions ----------------------------------------------------------------------------------------

/** Where a Token-2022 account's type byte sits: after the base layout, padded to a token account's size. */
export const TOKEN_2022_ACCOUNT_TYPE_OFFSET = 165;
export const TOKEN_2022_ACCOUNT_TYPE = { Mint: 1, Account: 2 } as const;
/** Extension type numbers (the TLV `type` field). */
export const TOKEN_2022_EXTENSION = { MetadataPointer: 18, ScaledUiAmount: 25 } as const;

/** One extension entry: its type number and its value bytes (decode the value with the extension's codec). */
export interface Token2022Extension {
  type: number;
  value: Uint8Array;
}

export interface MetadataPointer {
  authority: string;
  metadataAddress: string;
}
export const metadataPointer: Codec<MetadataPointer> = struct<MetadataPointer>("MetadataPointer", {
  authority: pubkey,
  metadataAddress: pubkey,
});

/** The UI multiplier of an equity token (xStocks): `multiplier` now, `newMultiplier` from the timestamp on. */
export interface ScaledUiAmountConfig {
  authority: string;
  multiplier: number;
  newMultiplierEffectiveTimestamp: bigint;
  newMultiplier: number;
}
export const scaledUiAmountConfig: Codec<ScaledUiAmountConfig> = struct<ScaledUiAmountConfig>(
  "ScaledUiAmountConfig",
  { authority: pubkey, multiplier: f64, newMultiplierEffectiveTimestamp: i64, newMultiplier: f64 },
);

/** A Token-2022 mint: the base layout, zero padding to the type byte, `Mint`, then its extensions in order. */
export interface Token2022Mint {
  mint: Mint;
  extensions: Token2022Extension[];
}

const MINT_PADDING = TOKEN_2022_ACCOUNT_TYPE_OFFSET - fixedSize(mintStruct);

export const token2022MintAccount: ExternalAccountCodec<Token2022Mint> = {
  name: "Token2022Mint",
  size: undefined,
  decode(data) {
    const mint = mintAccount.decode(data);
    const r = new BorshReader(data, TOKEN_2022_ACCOUNT_TYPE_OFFSET);
    const type = r.u8();
    if (type !== TOKEN_2022_ACCOUNT_TYPE.Mint) throw new CodecError(`Token2022Mint: account type ${type} is not Mint`);
    const extensions: Token2022Extension[] = [];
    // Entries run to the end of the data; an all-zero header (type 0, Uninitialized) ends them early.
    while (r.remaining >= 4) {
      const extension = u16.read(r);
      const length = u16.read(r);
      if (extension === 0 && length === 0) break;
      extensions.push({ type: extension, value: r.fixedBytes(length) });
    }
    return { mint, extensions };
  },
  encode({ mint, extensions }) {
    const w = new BorshWriter(
      TOKEN_2022_ACCOUNT_TYPE_OFFSET + 1 + extensions.reduce((n, e) => n + 4 + e.value.length, 0),
    );
    mintStruct.write(w, mint);
    bytes(MINT_PADDING).write(w, new Uint8Array(MINT_PADDING));
    u8.write(w, TOKEN_2022_ACCOUNT_TYPE.Mint);
    for (const e of extensions) {
      u16.write(w, e.type);
      u16.write(w, e.value.length);
      w.raw(e.value);
    }
    return w.toBytes();
  },
};

/** A Token-2022 extension entry from its typed value. */
export function token2022Extension<T>(type: number, codec: Codec<T>, value: T): Token2022Extension {
  const w = new BorshWriter(codec.size ?? 64);
  codec.write(w, value);
  return { type, value: w.toBytes() };
}
