/**
 * Account registry: every account kind of both program versions, their discriminators (hex and base58 for
 * `getProgramAccounts` `memcmp` filters) and a dispatcher decoding raw account data by its discriminator.
 */
import type { ProgramVersion } from "../vocabulary.ts";
import { CodecError } from "../codec/mod.ts";
import { type AccountCodec, checkVersion } from "./common.ts";
import { hex } from "../codec/bytes.ts";
import { type Basket, basketAccount } from "./basket.ts";
import { type Custody, custodyAccount } from "./custody.ts";
import { type CustodySettlementReceipt, custodySettlementReceiptAccount } from "./custody-settlement-receipt.ts";
import { type CustomOracle, customOracleAccount } from "./custom-oracle.ts";
import { type Market, marketAccount } from "./market.ts";
import { type Order, orderAccount } from "./order.ts";
import { type Perpetuals, perpetualsAccount } from "./perpetuals.ts";
import { type Pool, poolAccount } from "./pool.ts";
import { type Position, positionAccount } from "./position.ts";
import { type Referral, referralAccount } from "./referral.ts";
import { type TokenStake, tokenStakeAccount } from "./token-stake.ts";
import { type TradeVault, tradeVaultAccount } from "./trade-vault.ts";
import { type UserDepositLedger, userDepositLedgerAccount } from "./user-deposit-ledger.ts";
import { type Whitelist, whitelistAccount } from "./whitelist.ts";
import { type WithdrawalEscrowReceipt, withdrawalEscrowReceiptAccount } from "./withdrawal-escrow-receipt.ts";

export * from "./common.ts";
export * from "./basket.ts";
export * from "./custody.ts";
export * from "./custody-settlement-receipt.ts";
export * from "./custom-oracle.ts";
export * from "./market.ts";
export * from "./order.ts";
export * from "./perpetuals.ts";
export * from "./pool.ts";
export * from "./position.ts";
export * from "./referral.ts";
export * from "./token-stake.ts";
export * from "./trade-vault.ts";
export * from "./user-deposit-ledger.ts";
export * from "./whitelist.ts";
export * from "./withdrawal-escrow-receipt.ts";

/** Decoded value type of every account kind. */
export interface AccountTypes {
  Perpetuals: Perpetuals;
  Pool: Pool;
  Custody: Custody;
  Market: Market;
  CustomOracle: CustomOracle;
  Position: Position;
  Order: Order;
  TokenStake: TokenStake;
  Referral: Referral;
  Whitelist: Whitelist;
  Basket: Basket;
  UserDepositLedger: UserDepositLedger;
  TradeVault: TradeVault;
  WithdrawalEscrowReceipt: WithdrawalEscrowReceipt;
  CustodySettlementReceipt: CustodySettlementReceipt;
}
export type AccountKind = keyof AccountTypes;

/** `{kind, value}` with `value` typed by `kind`. */
export type DecodedAccount = { [K in AccountKind]: { kind: K; value: AccountTypes[K] } }[AccountKind];

type CodecTable = { [K in AccountKind]?: AccountCodec<AccountTypes[K]> };

const shared = {
  Perpetuals: perpetualsAccount,
  Market: marketAccount,
  CustomOracle: customOracleAccount,
  TokenStake: tokenStakeAccount,
  Referral: referralAccount,
  Whitelist: whitelistAccount,
};

/**
 * Account codecs known to each program version. The earlier program has no baskets, ledgers, trade vaults or
 * receipts; both have the standalone Position/Order accounts (legacy in v2), each in its own layout.
 */
export const ACCOUNT_CODECS: Readonly<Record<ProgramVersion, Readonly<CodecTable>>> = {
  earlier: {
    ...shared,
    Pool: poolAccount.earlier,
    Custody: custodyAccount.earlier,
    Position: positionAccount.earlier,
    Order: orderAccount.earlier,
  },
  v2: {
    ...shared,
    Pool: poolAccount.v2,
    Custody: custodyAccount.v2,
    Position: positionAccount.v2,
    Order: orderAccount.v2,
    Basket: basketAccount,
    UserDepositLedger: userDepositLedgerAccount,
    TradeVault: tradeVaultAccount,
    WithdrawalEscrowReceipt: withdrawalEscrowReceiptAccount,
    CustodySettlementReceipt: custodySettlementReceiptAccount,
  },
};

/** Discriminator of one account kind. */
export interface DiscriminatorInfo {
  kind: AccountKind;
  hex: string;
  /** Base58 of the 8 bytes: the `bytes` of a `memcmp` filter at offset 0. */
  base58: string;
  bytes: Uint8Array;
  /** Full account size (with discriminator) when fixed, else `undefined`. Same in both versions. */
  size: number | undefined;
}

function infoOf(kind: AccountKind, c: AccountCodec<unknown>): DiscriminatorInfo {
  return { kind, hex: c.discriminatorHex, base58: c.discriminatorBase58, bytes: c.discriminator, size: c.size };
}

/** Discriminators of every account kind (same bytes in both program versions). */
export const DISCRIMINATORS: Readonly<Record<AccountKind, DiscriminatorInfo>> = Object.fromEntries(
  (Object.entries({ ...ACCOUNT_CODECS.earlier, ...ACCOUNT_CODECS.v2 }) as [AccountKind, AccountCodec<unknown>][])
    .map(([k, c]) => [k, infoOf(k, c)]),
) as Record<AccountKind, DiscriminatorInfo>;

/** Account kinds a program version knows. */
export function accountKinds(version: ProgramVersion): AccountKind[] {
  return Object.keys(ACCOUNT_CODECS[checkVersion(version)]) as AccountKind[];
}

/** A `getProgramAccounts` memcmp filter selecting accounts of `kind`. */
export function discriminatorFilter(kind: AccountKind): { memcmp: { offset: 0; bytes: string } } {
  return { memcmp: { offset: 0, bytes: DISCRIMINATORS[kind].base58 } };
}

type Entry = { kind: AccountKind; codec: AccountCodec<unknown> };
const byDiscriminator: Record<ProgramVersion, Map<string, Entry>> = { earlier: new Map(), v2: new Map() };
for (const version of ["earlier", "v2"] as const) {
  for (const [kind, codec] of Object.entries(ACCOUNT_CODECS[version]) as [AccountKind, AccountCodec<unknown>][]) {
    byDiscriminator[version].set(codec.discriminatorHex, { kind, codec });
  }
}

/** Which kind of account `data` is, by its discriminator; null when unknown to `version` or shorter than 8 bytes. */
export function accountKindOf(version: ProgramVersion, data: Uint8Array): AccountKind | null {
  if (data.length < 8) return null;
  return byDiscriminator[checkVersion(version)].get(hex(data.subarray(0, 8)))?.kind ?? null;
}

/**
 * Decodes account data of the given program version by its discriminator. Returns null for discriminators
 * unknown to that version (and for data shorter than 8 bytes); throws `CodecError` when the discriminator is known
 * but the body does not decode.
 */
export function decodeAccount(version: ProgramVersion, data: Uint8Array): DecodedAccount | null {
  if (data.length < 8) return null;
  const entry = byDiscriminator[checkVersion(version)].get(hex(data.subarray(0, 8)));
  if (entry === undefined) return null;
  return { kind: entry.kind, value: entry.codec.decode(data) } as DecodedAccount;
}

/** Encodes an account value of `kind` in the given program version's layout. */
export function encodeAccount<K extends AccountKind>(
  version: ProgramVersion,
  kind: K,
  value: AccountTypes[K],
): Uint8Array {
  const codec = ACCOUNT_CODECS[checkVersion(version)][kind] as AccountCodec<AccountTypes[K]> | undefined;
  if (codec === undefined) throw new CodecError(`account kind ${kind} does not exist in program version ${version}`);
  return codec.encode(value);
}
