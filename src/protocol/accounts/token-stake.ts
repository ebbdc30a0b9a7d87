/** TokenStake (PDA `["token_stake", owner]`): per-user FAF stake, 252 bytes, same layout in both versions. */
import { array, bool, bytes, type Codec, i64, pubkey, struct, u128, u32, u64, u8 } from "../codec/mod.ts";
import { type AccountCodec, defineAccount } from "./common.ts";

export interface WithdrawRequest {
  withdrawableAmount: bigint;
  lockedAmount: bigint;
  timeRemaining: bigint;
}
export const withdrawRequest: Codec<WithdrawRequest> = struct<WithdrawRequest>("WithdrawRequest", {
  withdrawableAmount: u64,
  lockedAmount: u64,
  timeRemaining: i64,
});

export interface TokenStake {
  owner: string;
  isInitialized: boolean;
  bump: number;
  /** Stake tier 0..6 (0 = no discount). */
  level: number;
  withdrawRequestCount: number;
  /** Always 3 entries. */
  withdrawRequest: WithdrawRequest[];
  rebateRate: bigint;
  /** FAF native (6 dp). */
  activeStakeAmount: bigint;
  updateTimestamp: bigint;
  tradeTimestamp: bigint;
  tradeCounter: number;
  lastRewardEpochCount: number;
  rewardTokens: bigint;
  unclaimedRevenueAmount: bigint;
  /** u128. */
  revenueSnapshot: bigint;
  claimableRebateUsd: bigint;
  rebateUsdSnapshot: bigint;
  rebateDayTimestamp: bigint;
  maxRebateUsd: bigint;
  /** `[u64;4]` as 32 raw bytes. */
  padding: Uint8Array;
}
export const tokenStakeStruct: Codec<TokenStake> = struct<TokenStake>("TokenStake", {
  owner: pubkey,
  isInitialized: bool,
  bump: u8,
  level: u8,
  withdrawRequestCount: u8,
  withdrawRequest: array(withdrawRequest, 3),
  rebateRate: u64,
  activeStakeAmount: u64,
  updateTimestamp: i64,
  tradeTimestamp: i64,
  tradeCounter: u32,
  lastRewardEpochCount: u32,
  rewardTokens: u64,
  unclaimedRevenueAmount: u64,
  revenueSnapshot: u128,
  claimableRebateUsd: u64,
  rebateUsdSnapshot: u64,
  rebateDayTimestamp: i64,
  maxRebateUsd: u64,
  padding: bytes(32),
});

export const tokenStakeAccount: AccountCodec<TokenStake> = defineAccount(
  "TokenStake",
  "e57b15f3f6a439ef",
  tokenStakeStruct,
);
