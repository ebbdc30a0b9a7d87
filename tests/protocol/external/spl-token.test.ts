import assert from "node:assert/strict";
import { Buffer } from "node:buffer";
import { PublicKey } from "@solana/web3.js";
import {
  AccountLayout,
  ExtensionType,
  getExtensionData,
  getScaledUiAmountConfig,
  MintLayout,
  unpackMint,
} from "@solana/spl-token";
import {
  metadataPointer,
  type Mint,
  mintAccount,
  scaledUiAmountConfig,
  token2022Extension,
  token2022MintAccount,
  TOKEN_2022_EXTENSION,
  type TokenAccount,
  tokenAccount,
} from "../../../src/protocol/external/spl-token.ts";
import { CodecError } from "../../../src/protocol/codec/errors.ts";

const AUTHORITY = "FLAshCJGr4SWk23bDVy7yeZecfND8h5Cingy1u2XE6HQ";
const MINT = "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v";
const OWNER = "9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM";
const TOKEN_2022 = new PublicKey("TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb");

Deno.test("mint: the 82-byte layout, as @solana/spl-token lays it out, both ways", () => {
  const mint: Mint = {
    mintAuthority: AUTHORITY,
    supply: 123_456_789n,
    decimals: 6,
    isInitialized: true,
    freezeAuthority: null,
  };
  const bytes = mintAccount.encode(mint);
  assert.equal(bytes.length, 82);
  assert.equal(mintAccount.size, 82);
  const theirs = MintLayout.decode(bytes);
  assert.equal(theirs.mintAuthorityOption, 1);
  assert.equal(theirs.mintAuthority.toBase58(), AUTHORITY);
  assert.equal(theirs.supply, 123_456_789n);
  assert.equal(theirs.decimals, 6);
  assert.equal(theirs.freezeAuthorityOption, 0);
  const buffer = new Uint8Array(82);
  MintLayout.encode({ ...theirs, freezeAuthorityOption: 1, freezeAuthority: new PublicKey(OWNER) }, buffer);
  assert.deepEqual(mintAccount.decode(buffer), { ...mint, freezeAuthority: OWNER });
});

Deno.test("token account: the 165-byte layout, wrapped SOL's rent reserve included", () => {
  const account: TokenAccount = {
    mint: MINT,
    owner: OWNER,
    amount: 5_000_000n,
    delegate: null,
    state: "Initialized",
    isNative: 2_039_280n,
    delegatedAmount: 0n,
    closeAuthority: null,
  };
  const bytes = tokenAccount.encode(account);
  assert.equal(bytes.length, 165);
  const theirs = AccountLayout.decode(bytes);
  assert.equal(theirs.mint.toBase58(), MINT);
  assert.equal(theirs.owner.toBase58(), OWNER);
  assert.equal(theirs.amount, 5_000_000n);
  assert.equal(theirs.state, 1);
  assert.equal(theirs.isNativeOption, 1);
  assert.equal(theirs.isNative, 2_039_280n);
  assert.deepEqual(tokenAccount.decode(bytes), account);
});

Deno.test("Token-2022 mint: base layout, type byte at 165, extensions as spl-token reads them", () => {
  const base: Mint = {
    mintAuthority: AUTHORITY,
    supply: 10n,
    decimals: 8,
    isInitialized: true,
    freezeAuthority: AUTHORITY,
  };
  const extensions = [
    token2022Extension(TOKEN_2022_EXTENSION.MetadataPointer, metadataPointer, {
      authority: AUTHORITY,
      metadataAddress: MINT,
    }),
    token2022Extension(TOKEN_2022_EXTENSION.ScaledUiAmount, scaledUiAmountConfig, {
      authority: AUTHORITY,
      multiplier: 1.5,
      newMultiplierEffectiveTimestamp: 1_700_000_000n,
      newMultiplier: 2,
    }),
  ];
  const bytes = token2022MintAccount.encode({ mint: base, extensions });
  assert.equal(bytes[165], 1);
  const theirs = unpackMint(new PublicKey(MINT), {
    data: Buffer.from(bytes),
    owner: TOKEN_2022,
    lamports: 1,
    executable: false,
  }, TOKEN_2022);
  assert.equal(theirs.supply, 10n);
  const scaled = getScaledUiAmountConfig(theirs)!;
  assert.equal(scaled.multiplier, 1.5);
  assert.equal(scaled.newMultiplier, 2);
  assert.equal(scaled.newMultiplierEffectiveTimestamp, 1_700_000_000n);
  const pointer = getExtensionData(ExtensionType.MetadataPointer, theirs.tlvData)!;
  assert.equal(new PublicKey(pointer.subarray(32, 64)).toBase58(), MINT);
  assert.deepEqual(token2022MintAccount.decode(bytes), { mint: base, extensions });
  // The base layout alone reads a Token-2022 mint too (what the service does for supplies).
  assert.deepEqual(mintAccount.decode(bytes), base);
});

Deno.test("a COption tag other than 0 or 1, or short data, is a CodecError", () => {
  const bytes = mintAccount.encode({
    mintAuthority: null,
    supply: 1n,
    decimals: 0,
    isInitialized: true,
    freezeAuthority: null,
  });
  bytes[0] = 2;
  assert.throws(() => mintAccount.decode(bytes), CodecError);
  assert.throws(() => mintAccount.decode(new Uint8Array(40)), CodecError);
});
