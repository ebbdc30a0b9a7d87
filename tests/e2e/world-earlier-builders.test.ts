/**
 * Every earlier-interface transaction builder (the twelve root `/transaction-builder/*` endpoints) on the embedded
 * world, over HTTP: each answer is validated against the YAML (`call`), each transaction deserialized (with the
 * pool's lookup tables, decoded here by web3.js) and checked: v0, the owner as fee payer and only signer, zeroed
 * signatures, the base chain's cached blockhash, a compute-unit limit first, at most 1232 bytes, and every program
 * instruction decoded with every account compared to an address derived here with web3.js / spl-token.
 *
 * Owners come from `fixtures/world/manifest.json` (`cases.earlier`): one with positions, trigger orders and a
 * token-stake account, one referred by it, one with no account at all.
 */
import assert from "node:assert/strict";
import { AddressLookupTableAccount, PublicKey } from "@solana/web3.js";
import type { LookupTable } from "../../src/domain/builders/transaction.ts";
import { custodyAccount, positionAccount } from "../../src/protocol/accounts/mod.ts";
import { formatUsd } from "../../src/domain/format/ui.ts";
import type { Instruction } from "../../src/protocol/instructions/instruction.ts";
import { call } from "../helpers/contract.ts";
import { eventually } from "../helpers/eventually.ts";
import { decodeProgramInstruction } from "../helpers/instructions.ts";
import {
  ata,
  ATA_PROGRAM,
  FAF,
  programAddresses,
  SYSTEM_PROGRAM,
  SYSVAR_INSTRUCTIONS,
  TOKEN,
  tokenProgram,
} from "../helpers/expected-accounts.ts";
import { assertEarlierInstruction, checkedTransaction } from "../helpers/transaction-checks.ts";
import { readManifest } from "../helpers/manifest.ts";
import { sharedWorld } from "./_shared-world.ts";
import { startWorld, WORLD } from "./_world.ts";

interface WorldConfig {
  programId: string;
  pools: {
    poolName: string;
    addressLookupTableAddresses: string[];
    tokens: { symbol: string; mintKey: string; isToken2022?: boolean; lazerId?: number }[];
    custodies: { symbol: string }[];
    markets: { marketAccount: string; targetCustody: string; side: "long" | "short" }[];
  }[];
}

/** The world and what every test of this file derives from it (started once, see ./_shared-world.ts). */
async function setUp() {
  const config = JSON.parse(await Deno.readTextFile(`${WORLD}/pool-config.earlier.json`)) as WorldConfig;
  const manifest = await readManifest(WORLD);
  const P = config.programId;
  const A = programAddresses(P);
  const token = (symbol: string) => {
    for (const pool of config.pools) {
      const t = pool.tokens.find((x) => x.symbol === symbol);
      if (t) return { mint: t.mintKey, token2022: t.isToken2022 === true };
    }
    throw new Error(`no token ${symbol}`);
  };
  const mint = (symbol: string) => token(symbol).mint;
  const poolOf = (symbol: string) => {
    const pool = config.pools.find((p) => p.custodies.some((c) => c.symbol === symbol) && symbol !== "USDC");
    if (!pool) throw new Error(`no pool for ${symbol}`);
    return pool;
  };
  const tokenProgramOf = (symbol: string) => tokenProgram(token(symbol).token2022);

  /** Independently derived slots of a market of `target` (its pool) with `collateral`, and of `owner` on it. */
  const slots = (target: string, collateral: string, side: "Long" | "Short", owner: string) => {
    const pool = A.pool(poolOf(target).poolName);
    const custody = (s: string) => A.custody(pool, mint(s));
    const market = A.market(custody(target), custody(collateral), side);
    const triggerSlots = {
      pool,
      position: A.position(owner, market),
      market,
      targetCustody: custody(target),
      targetOracleAccount: A.oracle(mint(target)),
      collateralCustody: custody(collateral),
      collateralOracleAccount: A.oracle(mint(collateral)),
    };
    return {
      ...triggerSlots,
      order: A.order(owner, market),
      collateralCustodyTokenAccount: A.custodyTokenAccount(pool, mint(collateral)),
      /** The slots of a trigger-order instruction. */
      triggerSlots,
      /** The slots every position instruction (open, close, decrease, collateral) has. */
      positionSlots: { ...triggerSlots, collateralCustodyTokenAccount: A.custodyTokenAccount(pool, mint(collateral)) },
      custody,
      vault: (s: string) => A.custodyTokenAccount(pool, mint(s)),
    };
  };
  const fixed = {
    perpetuals: A.perpetuals,
    eventAuthority: A.eventAuthority,
    program: P,
    ixSysvar: SYSVAR_INSTRUCTIONS,
  };

  const rich = manifest.cases.earlier.tokenStake.owner; // positions, trigger orders, a token-stake account
  const referred = manifest.cases.earlier.referral.owner; // referred by `rich`
  const fresh = manifest.cases.earlier.noAccounts.owner;
  const positions = manifest.owners.find((o) => o.owner === rich)?.earlier.positionList ?? [];
  const positionOf = (label: string) => {
    const [symbol, side, collateral] = label.split(" ");
    const p = positions.find((x) => x.symbol === symbol && x.side === side && x.collateral === collateral);
    if (!p) throw new Error(`manifest: no ${label} position of ${rich}`);
    return p.position;
  };
  const BTC_LONG = positionOf("BTC long BTC");
  const SOL_LONG_JITO = positionOf("SOL long JitoSOL");
  const NVDA_SHORT = positionOf("NVDA short USDC");

  const { service, app, services, blockhash } = await startWorld();
  try {
    await eventually(() => (services.prices.size >= 10 ? true : undefined), "oracle prices");
    const baseHash = blockhash("base");
    await eventually(() => (services.accounts.get(BTC_LONG) ? true : undefined), "positions");

    // The pools' lookup tables as the chain holds them, decoded by web3.js.
    const tables: LookupTable[] = config.pools.flatMap((p) =>
      p.addressLookupTableAddresses.map((key) => {
        const raw = services.accounts.get(key);
        assert.ok(raw, `lookup table ${key} ingested`);
        const state = AddressLookupTableAccount.deserialize(raw.data);
        return { key, addresses: state.addresses.map((a: PublicKey) => a.toBase58()) };
      })
    );
    const erHash = services.blockhashes.er.current(services.clock.nowMs());

    /**
     * The envelope checks every transaction passes; returns its program instructions (after the compute budget) and
     * the lookup tables it uses.
     */
    const opened = (base64: string, owner: string) => {
      const { tx, program } = checkedTransaction(base64, {
        chain: "base",
        feePayer: owner,
        blockhash: baseHash,
        lookupTables: tables,
      });
      if ("blockhash" in erHash) assert.notEqual(tx.blockhash, erHash.blockhash);
      return { program, lookups: tx.lookups.map((l) => l.key), size: tx.sizeBytes };
    };
    const post = (path: string, body: unknown) => call(app, "POST", `/transaction-builder/${path}`, body);
    const names = (ixs: Instruction[]) =>
      ixs.map((ix) =>
        ix.programAddress === P
          ? decodeProgramInstruction("earlier", ix).name
          : ix.programAddress === ATA_PROGRAM
          ? "create-ata"
          : ix.programAddress === TOKEN
          ? ["", "", "", "", "", "", "", "", "", "close-account", "", "", "", "", "", "", "", "sync-native"][ix.data[0]]
          : ix.programAddress === SYSTEM_PROGRAM
          ? "transfer"
          : ix.programAddress
      );
    /** The decoded arguments of the nth program instruction. */
    const argsOf = (ix: Instruction) => decodeProgramInstruction("earlier", ix).args;
    const inAlt = (keys: string[], symbol: string) => {
      assert.ok(keys.length > 0, "the pool's lookup table shortens the message");
      assert.ok(keys.every((k) => poolOf(symbol).addressLookupTableAddresses.includes(k)));
    };
    return {
      config,
      manifest,
      P,
      A,
      token,
      mint,
      poolOf,
      tokenProgramOf,
      slots,
      fixed,
      rich,
      referred,
      fresh,
      positions,
      positionOf,
      BTC_LONG,
      SOL_LONG_JITO,
      NVDA_SHORT,
      service,
      app,
      services,
      blockhash,
      baseHash,
      tables,
      erHash,
      opened,
      post,
      names,
      argsOf,
      inAlt,
    };
  } catch (error) {
    await service.stop();
    throw error;
  }
}

const { world, test: worldTest, stopAfterAll } = sharedWorld("earlier builders", setUp);

worldTest("open-position MARKET in the collateral token, with TP and SL (SOL short, USDC)", async () => {
  const { P, A, mint, slots, fixed, fresh, services, opened, post, names, argsOf, inAlt } = await world();
  const r = await post("open-position", {
    inputTokenSymbol: "USDC",
    outputTokenSymbol: "SOL",
    inputAmountUi: "100",
    leverage: 5,
    tradeType: "SHORT",
    owner: fresh,
    takeProfit: "100",
    stopLoss: "200",
  });
  assert.equal(r.status, 200, r.text);
  const { program, lookups } = opened(r.body.transactionBase64, fresh);
  inAlt(lookups, "SOL");
  assert.deepEqual(names(program), ["open_position", "place_trigger_order", "place_trigger_order"]);
  const s = slots("SOL", "USDC", "Short", fresh);
  const open = argsOf(program[0]);
  assertEarlierInstruction(program[0], P, {
    name: "open_position",
    accounts: {
      ...fixed,
      owner: fresh,
      feePayer: fresh,
      fundingAccount: ata(fresh, mint("USDC")),
      transferAuthority: A.transferAuthority,
      ...s.positionSlots,
      systemProgram: SYSTEM_PROGRAM,
      fundingTokenProgram: TOKEN,
      fundingMint: mint("USDC"),
    },
    args: {
      priceWithSlippage: open.priceWithSlippage,
      collateralAmount: 100_000_000n,
      sizeAmount: BigInt(r.body.outputAmount),
      privilege: "None",
    },
  }, false);
  for (const [i, price, isStopLoss] of [[1, 10_000_000_000n, false], [2, 20_000_000_000n, true]] as const) {
    assertEarlierInstruction(program[i], P, {
      name: "place_trigger_order",
      accounts: {
        ...fixed,
        owner: fresh,
        feePayer: fresh,
        ...s.triggerSlots,
        order: s.order,
        receiveCustody: s.collateralCustody,
        systemProgram: SYSTEM_PROGRAM,
      },
      args: { triggerPrice: { price, exponent: -8 }, deltaSizeAmount: BigInt(r.body.outputAmount), isStopLoss },
    }, false);
  }
  // A short's entry bound lies 0.5 % (the default slippage) below its fill, itself at or below the oracle price.
  const oracle = services.prices.get(6)?.price ?? 0n;
  const bound = (open.priceWithSlippage as { price: bigint }).price;
  assert.ok(
    bound < (oracle * 9_950n) / 10_000n + 1n && bound > (oracle * 9_900n) / 10_000n,
    `${bound} vs ${oracle}`,
  );
});

worldTest(
  "open-position MARKET paid in native SOL: wrapped through the owner's wrapped-SOL account",
  async () => {
    const { mint, slots, fresh, opened, post, names } = await world();
    const r = await post("open-position", {
      inputTokenSymbol: "SOL",
      outputTokenSymbol: "SOL",
      inputAmountUi: "1.5",
      leverage: 3,
      tradeType: "LONG",
      owner: fresh,
    });
    assert.equal(r.status, 200, r.text);
    const { program } = opened(r.body.transactionBase64, fresh);
    assert.deepEqual(names(program), ["create-ata", "transfer", "sync-native", "open_position"]);
    const wsol = ata(fresh, mint("SOL"));
    assert.deepEqual(program[0].accounts.map((a) => a.address), [
      fresh,
      wsol,
      fresh,
      mint("SOL"),
      SYSTEM_PROGRAM,
      TOKEN,
    ]);
    assert.deepEqual(program[1].accounts.map((a) => a.address), [fresh, wsol]);
    assert.equal(
      new DataView(program[1].data.buffer, program[1].data.byteOffset).getBigUint64(4, true),
      1_500_000_000n,
    );
    assert.deepEqual(program[2].accounts.map((a) => a.address), [wsol]);
    const s = slots("SOL", "SOL", "Long", fresh);
    const open = decodeProgramInstruction("earlier", program[3]);
    assert.equal(open.accounts.fundingAccount, wsol);
    assert.equal(open.accounts.market, s.market);
    assert.equal(open.args.collateralAmount, 1_500_000_000n);
  },
);

worldTest("open-position paid in another token: swap_and_open (USDC into a BTC long)", async () => {
  const { P, A, mint, slots, fixed, fresh, opened, post, argsOf } = await world();
  const r = await post("open-position", {
    inputTokenSymbol: "USDC",
    outputTokenSymbol: "BTC",
    inputAmountUi: "250",
    leverage: 4,
    tradeType: "LONG",
    owner: fresh,
  });
  assert.equal(r.status, 200, r.text);
  assert.ok(r.body.swapFeeUsdUi, "swap fields of the swap leg");
  const { program } = opened(r.body.transactionBase64, fresh);
  const s = slots("BTC", "BTC", "Long", fresh);
  assertEarlierInstruction(program[0], P, {
    name: "swap_and_open",
    accounts: {
      ...fixed,
      owner: fresh,
      feePayer: fresh,
      fundingAccount: ata(fresh, mint("USDC")),
      transferAuthority: A.transferAuthority,
      receivingCustody: s.custody("USDC"),
      receivingCustodyOracleAccount: A.oracle(mint("USDC")),
      receivingCustodyTokenAccount: s.vault("USDC"),
      ...s.positionSlots,
      systemProgram: SYSTEM_PROGRAM,
      fundingTokenProgram: TOKEN,
      fundingMint: mint("USDC"),
      collateralMint: mint("BTC"),
      collateralTokenProgram: TOKEN,
    },
    args: {
      priceWithSlippage: argsOf(program[0]).priceWithSlippage,
      amountIn: 250_000_000n,
      sizeAmount: BigInt(r.body.outputAmount),
      privilege: "None",
    },
  }, false);
});

worldTest("open-position LIMIT: place_limit_order with the stop-loss on the order", async () => {
  const { P, A, mint, slots, fixed, fresh, opened, post } = await world();
  const r = await post("open-position", {
    inputTokenSymbol: "USDC",
    outputTokenSymbol: "ETH",
    inputAmountUi: "80",
    leverage: 2,
    tradeType: "SHORT",
    orderType: "LIMIT",
    limitPrice: "4000",
    stopLoss: "4500",
    owner: fresh,
  });
  assert.equal(r.status, 200, r.text);
  const { program } = opened(r.body.transactionBase64, fresh);
  const s = slots("ETH", "USDC", "Short", fresh);
  assertEarlierInstruction(program[0], P, {
    name: "place_limit_order",
    accounts: {
      ...fixed,
      owner: fresh,
      feePayer: fresh,
      fundingAccount: ata(fresh, mint("USDC")),
      pool: s.pool,
      position: s.position,
      order: s.order,
      market: s.market,
      targetCustody: s.targetCustody,
      targetOracleAccount: s.targetOracleAccount,
      reserveCustody: s.custody("USDC"),
      reserveOracleAccount: A.oracle(mint("USDC")),
      reserveCustodyTokenAccount: s.vault("USDC"),
      receiveCustody: s.collateralCustody,
      systemProgram: SYSTEM_PROGRAM,
      fundingTokenProgram: TOKEN,
      fundingMint: mint("USDC"),
    },
    args: {
      limitPrice: { price: 400_000_000_000n, exponent: -8 },
      reserveAmount: 80_000_000n,
      sizeAmount: BigInt(r.body.outputAmount),
      stopLossPrice: { price: 450_000_000_000n, exponent: -8 },
      takeProfitPrice: { price: 0n, exponent: -8 },
    },
  }, false);
});

worldTest("open-position SWAP both ways: wrap SOL in, or create and unwrap SOL out", async () => {
  const { config, P, A, mint, slots, fixed, fresh, opened, post, names, argsOf } = await world();
  const solIn = await post("open-position", {
    inputTokenSymbol: "SOL",
    outputTokenSymbol: "USDC",
    inputAmountUi: "1",
    leverage: 1,
    tradeType: "SWAP",
    owner: fresh,
    slippagePercentage: "1",
  });
  assert.equal(solIn.status, 200, solIn.text);
  assert.ok(solIn.body.swapInPriceUi && solIn.body.swapOutPriceUi && solIn.body.swapFeeUsdUi);
  const a = opened(solIn.body.transactionBase64, fresh);
  assert.deepEqual(names(a.program), ["create-ata", "transfer", "sync-native", "create-ata", "swap"]);
  const pool = config.pools.find((p) => p.poolName === "Crypto.1");
  assert.ok(pool);
  const s = slots("SOL", "USDC", "Short", fresh);
  const swapArgs = argsOf(a.program[4]);
  assertEarlierInstruction(a.program[4], P, {
    name: "swap",
    accounts: {
      ...fixed,
      owner: fresh,
      fundingAccount: ata(fresh, mint("SOL")),
      receivingAccount: ata(fresh, mint("USDC")),
      transferAuthority: A.transferAuthority,
      pool: s.pool,
      receivingCustody: s.custody("SOL"),
      receivingCustodyOracleAccount: A.oracle(mint("SOL")),
      receivingCustodyTokenAccount: s.vault("SOL"),
      dispensingCustody: s.custody("USDC"),
      dispensingCustodyOracleAccount: A.oracle(mint("USDC")),
      dispensingCustodyTokenAccount: s.vault("USDC"),
      fundingMint: mint("SOL"),
      fundingTokenProgram: TOKEN,
      receivingMint: mint("USDC"),
      receivingTokenProgram: TOKEN,
    },
    // 1 % slippage off the guaranteed output.
    args: { amountIn: 1_000_000_000n, minAmountOut: (BigInt(solIn.body.outputAmount) * 9_900n) / 10_000n },
    remaining: [
      ...pool.custodies.map((c) => [s.custody(c.symbol), 0]),
      ...pool.custodies.map((c) => [A.oracle(mint(c.symbol)), 0]),
    ] as [string, 0][],
  }, false);
  assert.ok(swapArgs.minAmountOut as bigint > 0n);
  const solOut = await post("open-position", {
    inputTokenSymbol: "USDC",
    outputTokenSymbol: "SOL",
    inputAmountUi: "100",
    leverage: 1,
    tradeType: "SWAP",
    owner: fresh,
  });
  const b = opened(solOut.body.transactionBase64, fresh);
  assert.deepEqual(names(b.program), ["create-ata", "swap", "close-account"]);
  assert.deepEqual(b.program[2].accounts.map((x) => x.address), [ata(fresh, mint("SOL")), fresh, fresh]);
});

worldTest("Token-2022 collateral (SPY long paid in SPY): its ATA and token program", async () => {
  const { mint, tokenProgramOf, slots, fresh, opened, post, inAlt } = await world();
  const r = await post("open-position", {
    inputTokenSymbol: "SPY",
    outputTokenSymbol: "SPY",
    inputAmountUi: "0.5",
    leverage: 2,
    tradeType: "LONG",
    owner: fresh,
  });
  assert.equal(r.status, 200, r.text);
  const { program, lookups } = opened(r.body.transactionBase64, fresh);
  inAlt(lookups, "SPY");
  const open = decodeProgramInstruction("earlier", program[0]);
  assert.equal(open.name, "open_position");
  assert.equal(open.accounts.fundingAccount, ata(fresh, mint("SPY"), true));
  assert.equal(open.accounts.fundingTokenProgram, tokenProgramOf("SPY"));
  assert.equal(open.accounts.market, slots("SPY", "SPY", "Long", fresh).market);
  assert.equal(open.args.collateralAmount, 50_000_000n);
});

worldTest("preview-only: no owner, no transaction", async () => {
  const { post } = await world();
  const r = await post("open-position", {
    inputTokenSymbol: "USDC",
    outputTokenSymbol: "BTC",
    inputAmountUi: "10",
    leverage: 2,
    tradeType: "SHORT",
  });
  assert.equal(r.status, 200);
  assert.equal(r.body.transactionBase64, null);
});

worldTest(
  "privileges: STAKE and REFERRAL ride with their accounts (and the vendor alias); else NONE",
  async () => {
    const { A, rich, referred, fresh, opened, post } = await world();
    const body = {
      inputTokenSymbol: "USDC",
      outputTokenSymbol: "ETH",
      inputAmountUi: "100",
      leverage: 5,
      tradeType: "SHORT",
      tradingFeeDiscountPercent: 10,
    };
    const stakeTail = (owner: string, base64: string) => {
      const { program } = opened(base64, owner);
      const open = decodeProgramInstruction("earlier", program[0]);
      return { privilege: open.args.privilege, tail: open.remaining.map((m) => m.address) };
    };
    const staked = await post("open-position", { ...body, owner: rich, privilege: "STAKE" });
    assert.equal(staked.body.discountPercentage, "10");
    assert.deepEqual(stakeTail(rich, staked.body.transactionBase64), {
      privilege: "Stake",
      tail: [A.referral(rich), A.tokenStake(rich)],
    });
    const alias = await post("open-position", { ...body, owner: rich, tokenStakeFafAccount: A.tokenStake(rich) });
    assert.equal(alias.body.discountPercentage, "10");
    assert.equal(stakeTail(rich, alias.body.transactionBase64).privilege, "Stake");
    const referral = await post("open-position", {
      ...body,
      owner: referred,
      userReferralAccount: A.referral(referred),
    });
    assert.equal(referral.body.discountPercentage, "10");
    assert.deepEqual(stakeTail(referred, referral.body.transactionBase64), {
      privilege: "Referral",
      tail: [A.referral(referred), A.tokenStake(rich)],
    });
    const none = await post("open-position", {
      ...body,
      owner: fresh,
      privilege: "STAKE",
      enableFundedWallet: true,
    });
    assert.equal(none.body.discountPercentage, "0");
    assert.equal(none.body.entryFee, none.body.entryFeeBeforeDiscount);
    assert.deepEqual(stakeTail(fresh, none.body.transactionBase64), { privilege: "None", tail: [] });
  },
);

worldTest(
  "close-position: full in the collateral, full with a swap, partial with and without keepLeverageSame",
  async () => {
    const {
      P,
      A,
      mint,
      slots,
      fixed,
      rich,
      BTC_LONG,
      SOL_LONG_JITO,
      NVDA_SHORT,
      services,
      opened,
      post,
      names,
      argsOf,
      inAlt,
    } = await world();
    const s = slots("BTC", "BTC", "Long", rich);
    const full = await post("close-position", {
      positionKey: BTC_LONG,
      inputUsdUi: "0",
      withdrawTokenSymbol: "BTC",
    });
    assert.equal(full.status, 200, full.text);
    assert.equal(full.body.newSize, "0");
    const a = opened(full.body.transactionBase64, rich);
    assert.deepEqual(names(a.program), ["cancel_all_trigger_orders", "create-ata", "close_position"]);
    assertEarlierInstruction(a.program[0], P, {
      name: "cancel_all_trigger_orders",
      accounts: { position: BTC_LONG, order: s.order, eventAuthority: A.eventAuthority, program: P },
      args: {},
    }, false);
    assert.equal(s.position, BTC_LONG);
    assertEarlierInstruction(a.program[2], P, {
      name: "close_position",
      accounts: {
        ...fixed,
        owner: rich,
        feePayer: rich,
        receivingAccount: ata(rich, mint("BTC")),
        transferAuthority: A.transferAuthority,
        ...s.positionSlots,
        collateralTokenProgram: TOKEN,
        collateralMint: mint("BTC"),
      },
      args: { priceWithSlippage: argsOf(a.program[2]).priceWithSlippage, privilege: "None" },
    }, false);

    const swapped = await post("close-position", {
      positionKey: BTC_LONG,
      inputUsdUi: "0",
      withdrawTokenSymbol: "USDC",
    });
    assert.equal(swapped.body.receiveTokenSymbol, "USDC");
    const b = opened(swapped.body.transactionBase64, rich);
    assert.deepEqual(names(b.program), ["cancel_all_trigger_orders", "create-ata", "create-ata", "close_and_swap"]);
    const cs = decodeProgramInstruction("earlier", b.program[3]);
    assert.deepEqual(
      [
        cs.accounts.receivingAccount,
        cs.accounts.collateralAccount,
        cs.accounts.dispensingCustody,
        cs.accounts.receivingMint,
      ],
      [ata(rich, mint("USDC")), ata(rich, mint("BTC")), s.custody("USDC"), mint("USDC")],
    );
    assert.equal(cs.accounts.dispensingCustodyTokenAccount, s.vault("USDC"));

    // Partial: $100 of the JitoSOL-collateral SOL long, keeping leverage; the payout withdrawn in JitoSOL.
    const raw = services.accounts.get(SOL_LONG_JITO);
    assert.ok(raw);
    const held = positionAccount.earlier.decode(raw.data);
    const keep = await post("close-position", {
      positionKey: SOL_LONG_JITO,
      inputUsdUi: "100",
      withdrawTokenSymbol: "JitoSOL",
      keepLeverageSame: true,
    });
    assert.equal(keep.status, 200, keep.text);
    const c = opened(keep.body.transactionBase64, rich);
    assert.deepEqual(names(c.program), ["decrease_size", "create-ata", "remove_collateral"]);
    const j = slots("SOL", "JitoSOL", "Long", rich);
    assert.equal(j.position, SOL_LONG_JITO);
    assertEarlierInstruction(c.program[0], P, {
      name: "decrease_size",
      accounts: {
        ...fixed,
        owner: rich,
        transferAuthority: A.transferAuthority,
        ...j.positionSlots,
        collateralTokenProgram: TOKEN,
        collateralMint: mint("JitoSOL"),
      },
      args: {
        priceWithSlippage: argsOf(c.program[0]).priceWithSlippage,
        sizeDelta: (held.sizeAmount * 100_000_000n) / held.sizeUsd, // the prorated target size of $100
        privilege: "None",
      },
    }, false);
    const removed = decodeProgramInstruction("earlier", c.program[2]);
    assert.equal(removed.accounts.receivingAccount, ata(rich, mint("JitoSOL")));
    assert.ok((removed.args.collateralDeltaUsd as bigint) > 0n);

    const retain = await post("close-position", {
      positionKey: NVDA_SHORT,
      inputUsdUi: "50",
      withdrawTokenSymbol: "USDC",
    });
    const d = opened(retain.body.transactionBase64, rich);
    assert.deepEqual(names(d.program), ["decrease_size"]);
    inAlt(d.lookups, "NVDA"); // Equity.1's table
  },
);

worldTest("close-position with STAKE: the owner's stake rides along, fees discounted", async () => {
  const { A, rich, NVDA_SHORT, opened, post } = await world();
  const r = await post("close-position", {
    positionKey: NVDA_SHORT,
    inputUsdUi: "0",
    withdrawTokenSymbol: "USDC",
    privilege: "STAKE",
    tradingFeeDiscountPercent: 20,
  });
  assert.notEqual(r.body.fees, r.body.feesBeforeDiscount);
  const { program } = opened(r.body.transactionBase64, rich);
  const close = decodeProgramInstruction("earlier", program[program.length - 1]);
  assert.equal(close.args.privilege, "Stake");
  assert.deepEqual(close.remaining.map((m) => m.address), [A.referral(rich), A.tokenStake(rich)]);
});

worldTest("reverse-position: cancel, close_and_swap into the short's USDC, open the short from it", async () => {
  const { mint, slots, rich, BTC_LONG, opened, post, names } = await world();
  const r = await post("reverse-position", { positionKey: BTC_LONG, owner: rich, leverage: 3 });
  assert.equal(r.status, 200, r.text);
  assert.equal(r.body.newSide, "Short");
  const { program } = opened(r.body.transactionBase64, rich);
  assert.deepEqual(names(program), [
    "cancel_all_trigger_orders",
    "create-ata",
    "create-ata",
    "close_and_swap",
    "open_position",
  ]);
  const short = slots("BTC", "USDC", "Short", rich);
  const open = decodeProgramInstruction("earlier", program[4]);
  assert.equal(open.accounts.market, short.market);
  assert.equal(open.accounts.position, short.position);
  assert.equal(open.accounts.fundingAccount, ata(rich, mint("USDC")));
  assert.equal(decodeProgramInstruction("earlier", program[3]).accounts.receivingAccount, ata(rich, mint("USDC")));
  // USDC ≈ 1.00: the new collateral is the haircut payout, a little under closeReceiveUsd × 0.98.
  const collateral = Number(open.args.collateralAmount) / 1e6;
  assert.ok(Math.abs(collateral - Number(r.body.newCollateralUsd)) / collateral < 0.001);
  assert.ok(Number(r.body.newCollateralUsd) <= Number(r.body.closeReceiveUsd) * 0.98 + 0.01);
});

worldTest(
  "add-collateral: add_collateral in the collateral token, swap_and_add_collateral otherwise",
  async () => {
    const { P, mint, slots, fixed, rich, BTC_LONG, opened, post } = await world();
    const s = slots("BTC", "BTC", "Long", rich);
    const same = await post("add-collateral", {
      positionKey: BTC_LONG,
      depositAmountUi: "0.001",
      depositTokenSymbol: "BTC",
      owner: rich,
    });
    assert.equal(same.status, 200, same.text);
    const a = opened(same.body.transactionBase64, rich);
    assertEarlierInstruction(a.program[0], P, {
      name: "add_collateral",
      accounts: {
        ...fixed,
        owner: rich,
        fundingAccount: ata(rich, mint("BTC")),
        ...s.positionSlots,
        fundingTokenProgram: TOKEN,
        fundingMint: mint("BTC"),
      },
      args: { collateralDelta: 100_000n },
    }, false);
    const other = await post("add-collateral", {
      positionKey: BTC_LONG,
      depositAmountUi: "50",
      depositTokenSymbol: "USDC",
      owner: rich,
    });
    const b = opened(other.body.transactionBase64, rich);
    const swapAdd = decodeProgramInstruction("earlier", b.program[0]);
    assert.equal(swapAdd.name, "swap_and_add_collateral");
    assert.deepEqual(
      [swapAdd.accounts.receivingCustody, swapAdd.accounts.fundingAccount, swapAdd.args.amountIn],
      [s.custody("USDC"), ata(rich, mint("USDC")), 50_000_000n],
    );
  },
);

worldTest("remove-collateral: in the collateral token, or swapped into native SOL and unwrapped", async () => {
  const { P, A, mint, slots, fixed, rich, SOL_LONG_JITO, opened, post, names } = await world();
  const j = slots("SOL", "JitoSOL", "Long", rich);
  const same = await post("remove-collateral", {
    positionKey: SOL_LONG_JITO,
    withdrawAmountUsdUi: "10",
    withdrawTokenSymbol: "JitoSOL",
    owner: rich,
  });
  assert.equal(same.status, 200, same.text);
  const a = opened(same.body.transactionBase64, rich);
  assert.deepEqual(names(a.program), ["create-ata", "remove_collateral"]);
  assertEarlierInstruction(a.program[1], P, {
    name: "remove_collateral",
    accounts: {
      ...fixed,
      owner: rich,
      receivingAccount: ata(rich, mint("JitoSOL")),
      transferAuthority: A.transferAuthority,
      ...j.positionSlots,
      receivingTokenProgram: TOKEN,
      receivingMint: mint("JitoSOL"),
    },
    args: { collateralDeltaUsd: 10_000_000n },
  }, false);
  const sol = await post("remove-collateral", {
    positionKey: SOL_LONG_JITO,
    withdrawAmountUsdUi: "10",
    withdrawTokenSymbol: "SOL",
    owner: rich,
  });
  const b = opened(sol.body.transactionBase64, rich);
  assert.deepEqual(names(b.program), ["create-ata", "create-ata", "remove_collateral_and_swap", "close-account"]);
  const rs = decodeProgramInstruction("earlier", b.program[2]);
  assert.deepEqual(
    [rs.accounts.receivingAccount, rs.accounts.collateralAccount, rs.accounts.dispensingCustody],
    [ata(rich, mint("SOL")), ata(rich, mint("JitoSOL")), j.custody("SOL")],
  );
});

worldTest(
  "trigger orders: place, edit, cancel, cancel all (BTC long: TP slot 2, SL slots 0 and 4)",
  async () => {
    const { P, A, slots, fixed, rich, BTC_LONG, opened, post } = await world();
    const s = slots("BTC", "BTC", "Long", rich);
    const triggerAccounts = {
      ...fixed,
      owner: rich,
      ...s.triggerSlots,
      order: s.order,
      receiveCustody: s.collateralCustody,
    };
    const place = await post("place-trigger-order", {
      owner: rich,
      marketSymbol: "BTC",
      side: "LONG",
      triggerPriceUi: "120000",
      sizeAmountUi: "0.001",
      isStopLoss: false,
    });
    assert.equal(place.status, 200, place.text);
    assertEarlierInstruction(opened(place.body.transactionBase64, rich).program[0], P, {
      name: "place_trigger_order",
      accounts: { ...triggerAccounts, feePayer: rich, systemProgram: SYSTEM_PROGRAM },
      args: {
        triggerPrice: { price: 12_000_000_000_000n, exponent: -8 },
        deltaSizeAmount: 100_000n,
        isStopLoss: false,
      },
    }, false);
    const edit = await post("edit-trigger-order", {
      positionKey: BTC_LONG,
      orderId: 2,
      triggerPriceUi: "125000",
      sizeAmountUi: "0.002",
      isStopLoss: false,
      receiveTokenSymbol: "USDC",
    });
    assert.equal(edit.status, 200, edit.text);
    assertEarlierInstruction(opened(edit.body.transactionBase64, rich).program[0], P, {
      name: "edit_trigger_order",
      accounts: { ...triggerAccounts, receiveCustody: s.custody("USDC") },
      args: {
        orderId: 2,
        triggerPrice: { price: 12_500_000_000_000n, exponent: -8 },
        deltaSizeAmount: 200_000n,
        isStopLoss: false,
      },
    }, false);
    const cancel = await post("cancel-trigger-order", { positionKey: BTC_LONG, orderId: 4, isStopLoss: true });
    assert.equal(cancel.status, 200, cancel.text);
    assertEarlierInstruction(opened(cancel.body.transactionBase64, rich).program[0], P, {
      name: "cancel_trigger_order",
      accounts: { owner: rich, order: s.order, eventAuthority: A.eventAuthority, program: P },
      args: { orderId: 4, isStopLoss: true },
    }, false);
    const all = await post("cancel-all-trigger-orders", { positionKey: BTC_LONG });
    assert.equal(all.status, 200, all.text);
    const tx = opened(all.body.transactionBase64, rich);
    assertEarlierInstruction(tx.program[0], P, {
      name: "cancel_all_trigger_orders",
      accounts: { position: BTC_LONG, order: s.order, eventAuthority: A.eventAuthority, program: P },
      args: {},
    }, false);
  },
);

worldTest(
  "cancel-limit-order (DECISIONS 5.19): the reserve of a SOL short's limit slot comes back",
  async () => {
    const { P, A, token, poolOf, tokenProgramOf, slots, rich, fresh, app, opened, post, names } = await world();
    const s = slots("SOL", "USDC", "Short", rich);
    // The slot's reserve token, read from the raw accounts: its custody is the pool's custody of that uid.
    const order = (await call(app, "GET", `/raw/orders/${s.order}`)).body;
    const slot = order.limitOrders.findIndex((l: { sizeAmount: string }) => l.sizeAmount !== "0");
    assert.ok(slot >= 0, "the SOL short order account holds a limit order");
    const uid = order.limitOrders[slot].reserveCustodyUid;
    const custodies = (await call(app, "GET", "/raw/custodies")).body as {
      pubkey: string;
      account: { pool: string; uid: number; mint: string };
    }[];
    const reserve = custodies.find((c) => c.account.pool === s.pool && c.account.uid === uid)!;
    const reserveMint: string = reserve.account.mint;
    const reserveSymbol = poolOf("SOL").tokens.find((t) => t.mintKey === reserveMint)!.symbol;
    const r = await post("cancel-limit-order", { marketSymbol: "SOL", side: "SHORT", orderId: slot, owner: rich });
    assert.equal(r.status, 200, r.text);
    const { program, size } = opened(r.body.transactionBase64, rich);
    assert.ok(size <= 1232);
    const at = names(program).indexOf("cancel_limit_order");
    assert.equal(names(program)[0], "create-ata");
    assertEarlierInstruction(program[at], P, {
      name: "cancel_limit_order",
      accounts: {
        owner: rich,
        receivingAccount: ata(rich, reserveMint, token(reserveSymbol).token2022),
        transferAuthority: A.transferAuthority,
        perpetuals: A.perpetuals,
        pool: s.pool,
        order: s.order,
        targetCustody: s.targetCustody,
        collateralCustody: s.collateralCustody,
        reserveCustody: reserve.pubkey,
        reserveCustodyTokenAccount: A.custodyTokenAccount(s.pool, reserveMint),
        reserveTokenProgram: tokenProgramOf(reserveSymbol),
        eventAuthority: A.eventAuthority,
        program: P,
        reserveMint,
      },
      args: { orderId: slot },
    }, false);
    const empty = order.limitOrders.findIndex((l: { sizeAmount: string }) => l.sizeAmount === "0");
    const refused = await post("cancel-limit-order", {
      marketSymbol: "SOL",
      side: "SHORT",
      orderId: empty,
      owner: rich,
    });
    assert.equal(refused.status, 400);
    assert.deepEqual(refused.body, {
      err: `no limit order in slot ${empty}`,
      code: "ORDER_NOT_FOUND",
      field: "body.orderId",
    });
    const none = await post("cancel-limit-order", { marketSymbol: "SOL", side: "SHORT", orderId: 0, owner: fresh });
    assert.equal(none.status, 404);
    const bad = await post("cancel-limit-order", { marketSymbol: "SOL", side: "SHORT", orderId: 5, owner: rich });
    assert.equal(bad.status, 400);
    assert.equal(bad.body.code, "VALIDATION_FAILED");
  },
);

worldTest("init-token-stake and create-referral", async () => {
  const { P, A, rich, fresh, opened, post, names } = await world();
  const stake = await post("init-token-stake", { owner: fresh });
  assert.equal(stake.status, 200, stake.text);
  assert.equal(stake.body.tokenStakeAccount, A.tokenStake(fresh));
  const a = opened(stake.body.transactionBase64, fresh);
  assert.deepEqual(names(a.program), ["create-ata", "deposit_token_stake"]);
  assertEarlierInstruction(a.program[1], P, {
    name: "deposit_token_stake",
    accounts: {
      owner: fresh,
      feePayer: fresh,
      fundingTokenAccount: ata(fresh, FAF),
      perpetuals: A.perpetuals,
      tokenVault: A.tokenVault,
      tokenVaultTokenAccount: A.tokenVaultTokenAccount,
      tokenStakeAccount: A.tokenStake(fresh),
      systemProgram: SYSTEM_PROGRAM,
      tokenProgram: TOKEN,
      eventAuthority: A.eventAuthority,
      program: P,
      tokenMint: FAF,
    },
    args: { depositAmount: 0n },
  }, false);
  const referral = await post("create-referral", { owner: fresh, referrer: rich });
  assert.equal(referral.status, 200, referral.text);
  assert.equal(referral.body.referralAccount, A.referral(fresh));
  assertEarlierInstruction(opened(referral.body.transactionBase64, fresh).program[0], P, {
    name: "create_referral",
    accounts: {
      owner: fresh,
      feePayer: fresh,
      tokenStakeAccount: A.tokenStake(rich),
      referralAccount: A.referral(fresh),
      systemProgram: SYSTEM_PROGRAM,
    },
    args: {},
  }, false);
});

worldTest(
  "DECISIONS 5.11: /preview/exit-fee of a full close is the fee on the size at its exit price",
  async () => {
    const { config, manifest, app, services } = await world();
    // Recomputed here for every stable earlier position of the world (PROTOCOL-v1 §5.2, §5.6): S = usd(size at
    // the oracle price), spread = min + ⌊⌊(max − min)·1e13/maxPos⌋·S/1e13⌋, exit = long P − ⌊P·spread/1e6⌋,
    // short P + ⌈P·spread/1e6⌉; fee = ⌈usd(size at exit)·close rate/1e9⌉.
    const ceil = (a: bigint, b: bigint) => (a + b - 1n) / b;
    const usd = (amount: bigint, decimals: number, price: bigint, exponent: number) => {
      const k = exponent - decimals + 6;
      return k >= 0 ? amount * price * 10n ** BigInt(k) : (amount * price) / 10n ** BigInt(-k);
    };
    const differences: number[] = [];
    for (const o of manifest.owners.filter((x) => !x.activeInReplay.earlier)) {
      for (const p of o.earlier.positionList) {
        const market = config.pools.flatMap((x) => x.markets).find((m) => m.marketAccount === p.market);
        const raw = services.accounts.get(p.position);
        const targetRaw = market && services.accounts.get(market.targetCustody);
        const feed = config.pools.flatMap((x) => x.tokens).find((x) => x.symbol === p.symbol)?.lazerId;
        const oracle = feed === undefined ? undefined : services.prices.get(feed);
        if (!market || !raw || !targetRaw || !oracle) continue;
        const position = positionAccount.earlier.decode(raw.data);
        const target = custodyAccount.earlier.decode(targetRaw.data);
        const { tradeSpreadMin: min, tradeSpreadMax: max, maxPositionSizeUsd: maxPos } = target.pricing;
        const S = usd(position.sizeAmount, target.decimals, oracle.price, oracle.exponent);
        const slope = maxPos > 0n ? ((max - min) * 10n ** 13n) / maxPos : 0n;
        const spread = max === 0n ? 0n : max <= min || maxPos <= 0n ? min : min + (slope * S) / 10n ** 13n;
        const P = oracle.price;
        const exit = market.side === "long" ? P - (P * spread) / 1_000_000n : P + ceil(P * spread, 1_000_000n);
        const value = usd(position.sizeAmount, target.decimals, exit, oracle.exponent);
        const fee = ceil(value * target.fees.closePosition, 10n ** 9n);
        const r = await call(app, "POST", "/preview/exit-fee", { positionKey: p.position, closeAmountUsdUi: "0" });
        assert.equal(r.status, 200, r.text);
        assert.equal(r.body.exitFeeUsdUi, formatUsd(fee), p.position);
        const atEntry = ceil(position.sizeUsd * target.fees.closePosition, 10n ** 9n);
        differences.push((Math.abs(Number(fee - atEntry)) / Number(atEntry)) * 100);
      }
    }
    assert.ok(differences.length >= 20, `${differences.length} positions`);
    const max = Math.max(...differences).toFixed(2);
    const mean = (differences.reduce((a, b) => a + b, 0) / differences.length).toFixed(2);
    console.log(
      `exit fee at the exit price vs at entry: ${differences.length} positions, max ${max} %, mean ${mean} %`,
    );
  },
);

worldTest(
  "failures: unknown position, another owner's position, discount out of range, unknown symbol, wrong side",
  async () => {
    const { A, slots, rich, fresh, BTC_LONG, post } = await world();
    const unknown = A.position(fresh, slots("BTC", "BTC", "Long", fresh).market);
    const close = await post("close-position", {
      positionKey: unknown,
      inputUsdUi: "0",
      withdrawTokenSymbol: "USDC",
    });
    assert.deepEqual([close.status, close.body], [200, {
      err: `position account ${unknown} not found`,
      code: "POSITION_NOT_FOUND",
    }]);
    const trigger = await post("place-trigger-order", {
      positionKey: unknown,
      triggerPriceUi: "1",
      sizeAmountUi: "1",
      isStopLoss: true,
    });
    assert.deepEqual([trigger.status, trigger.body], [404, {
      err: `position account ${unknown} not found`,
      code: "NOT_FOUND",
    }]);
    for (const path of ["add-collateral", "remove-collateral", "reverse-position"]) {
      const r = await post(path, {
        positionKey: BTC_LONG,
        owner: fresh,
        depositAmountUi: "1",
        depositTokenSymbol: "BTC",
        withdrawAmountUsdUi: "1",
        withdrawTokenSymbol: "BTC",
      });
      assert.deepEqual([r.status, r.body], [200, {
        err: `position ${BTC_LONG} is not owned by ${fresh}`,
        code: "POSITION_NOT_FOUND",
      }], path);
    }
    for (const percent of [100.5, -1]) {
      const r = await post("open-position", {
        inputTokenSymbol: "USDC",
        outputTokenSymbol: "SOL",
        inputAmountUi: "10",
        leverage: 2,
        tradeType: "SHORT",
        tradingFeeDiscountPercent: percent,
      });
      assert.equal(r.status, 400);
      assert.equal(r.body.field, "body.tradingFeeDiscountPercent");
    }
    const symbol = await post("open-position", {
      inputTokenSymbol: "DOGE",
      outputTokenSymbol: "SOL",
      inputAmountUi: "10",
      leverage: 2,
      tradeType: "SHORT",
      owner: fresh,
    });
    assert.deepEqual([symbol.status, symbol.body], [200, {
      err: "unknown token symbol 'DOGE'",
      code: "UNKNOWN_SYMBOL",
    }]);
    const market = await post("cancel-all-trigger-orders", { owner: rich, marketSymbol: "DOGE", side: "LONG" });
    assert.deepEqual([market.status, market.body.code], [400, "UNKNOWN_SYMBOL"]);
    const side = await post("place-trigger-order", {
      positionKey: BTC_LONG,
      triggerPriceUi: "1000",
      sizeAmountUi: "0.001",
      isStopLoss: false,
    });
    assert.deepEqual([side.status, side.body], [400, {
      err: "take-profit price must be above the current price for a long position",
      code: "TRIGGER_PRICE_INVALID",
      field: "body.triggerPriceUi",
    }]);
    const openSide = await post("open-position", {
      inputTokenSymbol: "USDC",
      outputTokenSymbol: "SOL",
      inputAmountUi: "100",
      leverage: 2,
      tradeType: "LONG",
      owner: fresh,
      stopLoss: "1000",
    });
    assert.deepEqual([openSide.status, openSide.body.code], [200, "TRIGGER_PRICE_INVALID"]);
    const self = await post("create-referral", { owner: fresh, referrer: fresh });
    assert.deepEqual([self.status, self.body.code, self.body.field], [400, "VALIDATION_FAILED", "body.referrer"]);
    const alias = await post("open-position", {
      inputTokenSymbol: "USDC",
      outputTokenSymbol: "SOL",
      inputAmountUi: "10",
      leverage: 2,
      tradeType: "SHORT",
      tokenStakeTokenAccount: A.tokenStake(rich),
      tokenStakeFafAccount: A.tokenStake(fresh),
    });
    assert.deepEqual([alias.status, alias.body.field], [400, "body.tokenStakeFafAccount"]);
  },
);

stopAfterAll();
