/** Perpetuals (global config, PDA `["perpetuals"]`), sequential Borsh, same layout in both versions. */
import { array, type Codec, i64, pubkey, struct, u32, u64, u8, vec } from "../codec/mod.ts";
import { type AccountCodec, defineAccount, type Permissions, permissions } from "./common.ts";

export interface VoltageMultiplier {
  volume: bigint;
  rewards: bigint;
  rebates: bigint;
}
export const voltageMultiplier: Codec<VoltageMultiplier> = struct<VoltageMultiplier>("VoltageMultiplier", {
  volume: u64,
  rewards: u64,
  rebates: u64,
});

export interface Perpetuals {
  permissions: Permissions;
  pools: string[];
  collections: string[];
  voltageMultiplier: VoltageMultiplier;
  /** Per stake level (6 entries); scale disputed between sources (RATE vs BPS). */
  tradingDiscount: bigint[];
  /** Per stake level (6 entries). */
  referralRebate: bigint[];
  defaultRebate: bigint;
  inceptionTime: bigint;
  transferAuthorityBump: number;
  perpetualsBump: number;
  tradeLimit: number;
  triggerOrderLimit: number;
  rebateLimitUsd: number;
}
export const perpetualsStruct: Codec<Perpetuals> = struct<Perpetuals>("Perpetuals", {
  permissions,
  pools: vec(pubkey),
  collections: vec(pubkey),
  voltageMultiplier,
  tradingDiscount: array(u64, 6),
  referralRebate: array(u64, 6),
  defaultRebate: u64,
  inceptionTime: i64,
  transferAuthorityBump: u8,
  perpetualsBump: u8,
  tradeLimit: u8,
  triggerOrderLimit: u8,
  rebateLimitUsd: u32,
});

export const perpetualsAccount: AccountCodec<Perpetuals> = defineAccount(
  "Perpetuals",
  "1ca762bf68526cc4",
  perpetualsStruct,
);
