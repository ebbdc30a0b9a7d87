/**
 * Program-level constants of the perpetuals program and the Solana programs around it
 * (PROTOCOL-v1 §1, §2, §8.0; PROTOCOL-v2 §0.1, §1, §2.2, §5.1; DECISIONS 2.1, 5.1, 5.3).
 */

// ---- fixed-point scales -------------------------------------------------------------------------------------------

/** Every `*_usd` integer on chain is micro-USD ("USD-6"). */
export const USD_DECIMALS = 6;
export const USD_POWER = 1_000_000n;
/** Basis points: 10 000 = 100 %. Leverage is stored in BPS (10 000 = 1×); also ratios, max payoff, swap spread. */
export const BPS_DECIMALS = 4;
export const BPS_POWER = 10_000n;
/** RATE scale: 10^9 = 100 % (or 1.0). Fee rates, borrow rates (per hour), cumulative lock fee, token multiplier. */
export const RATE_DECIMALS = 9;
export const RATE_POWER = 1_000_000_000n;
/** LP tokens (sFLP, FLP) have 6 decimals in every pool. */
export const LP_DECIMALS = 6;
/** FAF (governance / stake token) decimals. */
export const FAF_DECIMALS = 6;
/** Trade spread unit: 10^6 = 100 % ("100th of a bip"). */
export const SPREAD_POWER = 1_000_000n;
/**
 * Not a price exponent: the number of decimals the v1 SDK uses to render prices as UI strings before decimal math.
 * Real price exponents come from each feed (usually −8, some −10) and must never be hard-coded.
 */
export const ORACLE_EXPONENT = 9;

// ---- perpetuals program deployments ---------------------------------------------------------------------------------

/** Mainnet program of the earlier interface (and of current mainnet v2 pools per PROTOCOL-v2 §0.1). */
export const PERPETUALS_PROGRAM_ID_MAINNET = "FLASH6Lo6h3iasJKWDs2F8TkW2UKf3s15C8PMGuVfgBn";
/** Mainnet program of the v2 interface in the embedded world (the "magic-trade" deployment; DECISIONS 5.1). */
export const PERPETUALS_V2_PROGRAM_ID_MAINNET = "FTv2RxXarPfNta45HTTMVaGvjzsGg27FXJ3hEKWBhrzV";
/** Devnet program (the v2 IDL's `address`). */
export const PERPETUALS_PROGRAM_ID_DEVNET = "FTPP4jEWW1n8s2FEccwVfS9KCPjpndaswg7Nkkuz4ER4";
/** Devnet id of the older "magic-trade" v2 deployment. */
export const PERPETUALS_V2_PROGRAM_ID_DEVNET = "FMTgsEDaPPfJi1PKD67McLTC5n833T4irbBP53LLxtvj";

// ---- Solana programs and well-known accounts ----------------------------------------------------------------------

export const SYSTEM_PROGRAM_ID = "11111111111111111111111111111111";
/** Legacy SPL Token program. */
export const TOKEN_PROGRAM_ID = "TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA";
/** Token-2022 program (PUMP and the Equity.1 xStocks on mainnet). */
export const TOKEN_2022_PROGRAM_ID = "TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb";
export const ASSOCIATED_TOKEN_PROGRAM_ID = "ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL";
/** Native mint: SOL and WSOL share it. */
export const NATIVE_MINT = "So11111111111111111111111111111111111111112";
export const COMPUTE_BUDGET_PROGRAM_ID = "ComputeBudget111111111111111111111111111111";
export const SYSVAR_INSTRUCTIONS_ID = "Sysvar1nstructions1111111111111111111111111";
export const SYSVAR_RENT_ID = "SysvarRent111111111111111111111111111111111";
export const METAPLEX_PROGRAM_ID = "metaqbxxUerdq28cj1RbAWkYQm3ybzjb6a8bt518x1s";
/** FAF governance/stake token mint. */
export const FAF_MINT = "FAFxVxnkzZHMCodkWyoccgUNgVScqMw2mhhQBYDFjFAF";

// ---- MagicBlock ephemeral rollup ----------------------------------------------------------------------------------

/** Owns delegated accounts on the base chain; holds delegation records and metadata PDAs. */
export const DELEGATION_PROGRAM_ID = "DELeGGvXpWV2fqJUhqcF5ZSYMS4JTLjteaAMARRSaeSh";
/** Magic program (schedules commits / actions from the ER). */
export const MAGIC_PROGRAM_ID = "Magic11111111111111111111111111111111111111";
export const MAGIC_CONTEXT_ID = "MagicContext1111111111111111111111111111111";
/** Gum session-keys program (SessionTokenV2 PDAs). */
export const SESSION_KEYS_PROGRAM_ID = "KeyspM2ssCJbqUhQ4k7sveSiY4WjnYsrXkC8oDbwde5";
/** ER validator identity per cluster (`MAGICBLOCK_VALIDATOR_KEY`); treat as configuration. */
export const MAGICBLOCK_VALIDATOR_KEY = {
  "mainnet-beta": "FLAshCJGr4SWk23bDVy7yeZecfND8h5Cingy1u2XE6HQ",
  devnet: "MAS1Dt9qreoRMQ14YQuhg8UTZMMzDdKhmkZMECCzk57",
} as const;

// ---- oracle -------------------------------------------------------------------------------------------------------

export const PYTH_LAZER_PROGRAM_ID = "pytd2yyk641x7ak7mkaasSJVXh6YYZnC7wTmtgAyxPt";
export const PYTH_LAZER_STORAGE_ID = "3rdJbqfnagQ4yx9HXJViD4zc4xpiSqmFsKpPuSCQVyQL";

// ---- transactions -------------------------------------------------------------------------------------------------

/** Maximum serialized transaction size (PACKET_DATA_SIZE). */
export const MAX_TRANSACTION_SIZE = 1232;
/** The single `SetComputeUnitLimit` of every v2 ER trading transaction (live service and SDK2 default). */
export const ER_COMPUTE_UNIT_LIMIT = 1_400_000;
/** Compute limit used when simulating the v2 `get_*_er` view instructions. */
export const ER_VIEW_COMPUTE_UNIT_LIMIT = 1_300_000;
/** The v1 SDK examples' limit for open/close/swap transactions (the SDK builders themselves add none). */
export const EARLIER_SDK_EXAMPLE_COMPUTE_UNIT_LIMIT = 600_000;
/** The v1 SDK's limit for simulating view instructions. */
export const EARLIER_VIEW_COMPUTE_UNIT_LIMIT = 450_000;
/** Per-builder limits of the vendor's Rust CLI (flash-trade-MCP `tx_engine.rs`), a sizing reference for base txs. */
export const CLI_COMPUTE_UNIT_LIMITS = {
  open: 150_000,
  openWithSwap: 420_000,
  close: 180_000,
  closeWithSwap: 435_000,
  addCollateral: 120_000,
  addCollateralWithSwap: 420_000,
  removeCollateral: 120_000,
  reverse: 350_000,
  reverseWithSwap: 650_000,
  placeLimitOrder: 150_000,
  cancelOrder: 100_000,
} as const;
/** Rent-exempt lamports of a 165-byte token account (SDK default before refreshing from RPC). */
export const TOKEN_ACCOUNT_RENT_LAMPORTS = 2_039_280;
export const TOKEN_ACCOUNT_SIZE = 165;

// ---- orders -------------------------------------------------------------------------------------------------------

/** Slots per kind (limit, take-profit, stop-loss) per market; `orderId` is the slot index. */
export const ORDER_SLOT_COUNT = 5;
/** `order_id` meaning "all trigger orders of this market" in `cancel_trigger_order(_er)`. */
export const CANCEL_ALL_TRIGGERS_ORDER_ID = 255;
/** Side enum bytes, as used in market PDA seeds and instruction args. */
export const SIDE_BYTE = { None: 0, Long: 1, Short: 2 } as const;
/** Privilege enum bytes (instruction arg). */
export const PRIVILEGE_BYTE = { None: 0, Stake: 1, Referral: 2 } as const;

// ---- integer range -------------------------------------------------------------------------------------------------

/** Largest `u64`: every amount, USD figure and price the program stores or computes with checked arithmetic. */
export const U64_MAX = (1n << 64n) - 1n;
