// Generates tests/domain/sdk/instruction-vectors.jsonl: program instructions built by the vendor's SDKs, to check
// this project's encoders against (instruction-vectors.test.ts). Runs under Node, not Deno (the SDKs do not load in Deno).
//
//   earlier program: npm flash-sdk@15.17.2, its PerpetualsClient builders (mainnet Crypto.1 pool of its PoolConfig);
//                    cancel_limit_order has no SDK builder and is built with the SDK's Anchor program and IDL.
//   v2 program:      flash-trade/flash-sdk-v2 at e137e8d (source checkout, not on npm), its src/instructions/* builders.
//
// Setup (both folders outside the repository):
//   mkdir /tmp/fsdk && cd /tmp/fsdk && npm init -y && npm pkg set overrides.fs=file:./fakefs \
//     && mkdir fakefs && echo '{"name":"fs","version":"0.0.1-security"}' > fakefs/package.json \
//     && echo 'module.exports = require("node:fs");' > fakefs/index.js && npm install flash-sdk@15.17.2
//   git -C <flash-sdk-v2 clone> archive e137e8d src package.json | tar -x -C /tmp/fsdk2 \
//     && cd /tmp/fsdk2 && npm install --ignore-scripts && npm install --no-save tsx
//   cd /tmp/fsdk2 && FLASH_SDK_DIR=/tmp/fsdk FLASH_SDK_V2_DIR=/tmp/fsdk2 \
//     node --import tsx <repo>/tests/domain/sdk/generate-instruction-vectors.mjs
//
// Nothing touches a network: the few account reads the earlier SDK makes (balances, "does this ATA exist") are
// answered by a stub connection (every account exists and is funded). Output is deterministic.
import { createRequire } from "node:module";
import { writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const sdkDir = process.env.FLASH_SDK_DIR;
const sdk2Dir = process.env.FLASH_SDK_V2_DIR;
if (!sdkDir || !sdk2Dir) throw new Error("set FLASH_SDK_DIR (flash-sdk@15.17.2) and FLASH_SDK_V2_DIR (flash-sdk-v2)");
const require1 = createRequire(join(sdkDir, "package.json"));
const require2 = createRequire(join(sdk2Dir, "package.json"));
const sdk = require1("flash-sdk");
const sdkVersion = require1("flash-sdk/package.json").version;
const anchor1 = require1("@coral-xyz/anchor");
const web3 = require1("@solana/web3.js");
const spl = require1("@solana/spl-token");
const anchor2 = require2("@coral-xyz/anchor");
const web3v2 = require2("@solana/web3.js");

const out = [];
const camel = (s) => s.replace(/_([a-z])/g, (_, c) => c.toUpperCase());
const hex = (b) => Buffer.from(b).toString("hex");
/** JSON-safe arguments: BN/bigint → decimal string, PublicKey → base58, enum objects → variant name. */
function plain(v) {
  if (v === null || v === undefined) return v;
  if (typeof v === "bigint") return v.toString();
  if (typeof v === "number" || typeof v === "boolean" || typeof v === "string") return v;
  if (typeof v.toBase58 === "function") return v.toBase58();
  if (anchor1.BN.isBN(v) || anchor2.BN.isBN(v)) return v.toString();
  const keys = Object.keys(v);
  if (keys.length === 1 && typeof v[keys[0]] === "object" && Object.keys(v[keys[0]]).length === 0) {
    return keys[0][0].toUpperCase() + keys[0].slice(1); // Anchor enum { none: {} } → "None"
  }
  return Object.fromEntries(keys.map((k) => [k, plain(v[k])]));
}

/** Records one SDK-built instruction with the IDL's account names for its keys (the IDL orders Anchor's keys). */
function record(program, idl, ix, args, scenario, extra = {}) {
  const data = Buffer.from(ix.data);
  const def = idl.instructions.find((d) => hex(d.discriminator) === hex(data.subarray(0, 8)));
  if (!def) throw new Error(`unknown instruction ${hex(data.subarray(0, 8))}`);
  const named = def.accounts.length;
  out.push({
    kind: "instruction",
    program,
    name: def.name,
    scenario,
    programId: ix.programId.toBase58(),
    args: plain(args),
    accounts: Object.fromEntries(def.accounts.map((a, i) => [camel(a.name), ix.keys[i].pubkey.toBase58()])),
    keys: ix.keys.map((k) => [k.pubkey.toBase58(), k.isSigner, k.isWritable]),
    remaining: ix.keys.length - named,
    data: hex(data),
    ...extra,
  });
}

/** A valid key per label (same construction as tests/helpers/instructions.ts `key`). */
function keyOf(PublicKey, label) {
  const b = new Uint8Array(32);
  b.set(new TextEncoder().encode(label).subarray(0, 30));
  b[31] = 0x5a;
  return new PublicKey(b);
}

// ---- earlier program (flash-sdk 15.17.2) --------------------------------------------------------------------------

async function earlier() {
  const { BN } = anchor1;
  const { PublicKey, Keypair } = web3;
  const programId = new PublicKey("FLASH6Lo6h3iasJKWDs2F8TkW2UKf3s15C8PMGuVfgBn");
  const owner = Keypair.fromSeed(Uint8Array.from({ length: 32 }, (_, i) => i + 1));
  const conn = new web3.Connection("http://127.0.0.1:9");
  conn.getBalance = () => Promise.resolve(1e15);
  conn.getAccountInfo = () =>
    Promise.resolve({ lamports: 1, data: Buffer.alloc(0), owner: PublicKey.default, executable: false });
  conn.getTokenAccountBalance = () => Promise.resolve({ value: { amount: "1000000000000000", decimals: 6 } });
  const provider = new anchor1.AnchorProvider(conn, new anchor1.Wallet(owner), {});
  const client = new sdk.PerpetualsClient(provider, programId, programId, programId, programId, {});
  const pool = sdk.PoolConfig.fromIdsByName("Crypto.1", "mainnet-beta");
  const idl = require1("flash-sdk/dist/idl/perpetuals.json");
  const P = programId.toBase58();
  const mine = (ixs) => ixs.instructions.filter((ix) => ix.programId.toBase58() === P);
  const one = async (promise) => {
    const found = mine(await promise);
    if (found.length !== 1) throw new Error(`expected one program instruction, got ${found.length}`);
    return found[0];
  };
  const price = (p, e = -8) => ({ price: new BN(p), exponent: e });
  const long = sdk.Side.Long;
  const short = sdk.Side.Short;
  const none = sdk.Privilege.None;
  const custody = (symbol) => pool.custodies.find((c) => c.symbol === symbol);
  const market = (target, collateral, side) =>
    pool.getMarketPk(custody(target).custodyAccount, custody(collateral).custodyAccount, side);
  const position = (target, collateral, side) =>
    pool.getPositionFromMarketPk(owner.publicKey, market(target, collateral, side));
  const tokenStake = keyOf(PublicKey, "tokenStake");
  const referral = keyOf(PublicKey, "referral");
  const s = (text) => ({ pool: "Crypto.1", owner: owner.publicKey.toBase58(), text });

  let a = {
    priceWithSlippage: price(9_512_345_678_900),
    collateralAmount: new BN(1_000_000),
    sizeAmount: new BN(3_000_000),
    privilege: none,
  };
  record(
    "earlier",
    idl,
    await one(
      client.openPosition(
        "BTC",
        "BTC",
        a.priceWithSlippage,
        a.collateralAmount,
        a.sizeAmount,
        long,
        pool,
        none,
        undefined,
        undefined,
        true,
      ),
    ),
    a,
    s("open BTC long paid in BTC"),
  );
  a = { ...a, privilege: sdk.Privilege.Referral };
  record(
    "earlier",
    idl,
    await one(
      client.openPosition(
        "BTC",
        "BTC",
        a.priceWithSlippage,
        a.collateralAmount,
        a.sizeAmount,
        long,
        pool,
        a.privilege,
        tokenStake,
        referral,
        true,
      ),
    ),
    a,
    s("open BTC long with the Referral privilege"),
    { privilegeAccounts: { referral: referral.toBase58(), tokenStake: tokenStake.toBase58() } },
  );
  a = {
    priceWithSlippage: price(9_512_345_678_900),
    amountIn: new BN(50_000_000),
    sizeAmount: new BN(3_000_000),
    privilege: none,
  };
  record(
    "earlier",
    idl,
    await one(
      client.swapAndOpen(
        "BTC",
        "BTC",
        "USDC",
        a.amountIn,
        a.priceWithSlippage,
        a.sizeAmount,
        long,
        pool,
        none,
        undefined,
        undefined,
        true,
      ),
    ),
    a,
    s("open BTC long paid in USDC (swap and open)"),
  );
  a = { priceWithSlippage: price(9_400_000_000_000), privilege: none };
  record(
    "earlier",
    idl,
    await one(client.closePosition("BTC", "BTC", a.priceWithSlippage, long, pool, none)),
    a,
    s("close BTC long, paid in BTC"),
  );
  a = { priceWithSlippage: price(9_400_000_000_000), privilege: sdk.Privilege.Stake };
  record(
    "earlier",
    idl,
    await one(
      client.closeAndSwap("BTC", "USDC", "BTC", a.priceWithSlippage, long, pool, a.privilege, tokenStake, referral),
    ),
    a,
    s("close BTC long into USDC with the Stake privilege"),
    { privilegeAccounts: { referral: referral.toBase58(), tokenStake: tokenStake.toBase58() } },
  );
  a = { priceWithSlippage: price(9_400_000_000_000), sizeDelta: new BN(1_000_000), privilege: none };
  record(
    "earlier",
    idl,
    await one(
      client.decreaseSize(
        "BTC",
        "BTC",
        long,
        position("BTC", "BTC", long),
        pool,
        a.priceWithSlippage,
        a.sizeDelta,
        none,
      ),
    ),
    a,
    s("decrease BTC long"),
  );
  a = { priceWithSlippage: price(9_600_000_000_000), sizeDelta: new BN(1_000_000), privilege: none };
  record(
    "earlier",
    idl,
    await one(
      client.increaseSize(
        "BTC",
        "BTC",
        position("BTC", "BTC", long),
        long,
        pool,
        a.priceWithSlippage,
        a.sizeDelta,
        none,
      ),
    ),
    a,
    s("increase BTC long"),
  );
  a = { collateralDelta: new BN(250_000) };
  record(
    "earlier",
    idl,
    await one(client.addCollateral(a.collateralDelta, "BTC", "BTC", long, position("BTC", "BTC", long), pool, true)),
    a,
    s("add BTC collateral to BTC long"),
  );
  a = { amountIn: new BN(25_000_000) };
  record(
    "earlier",
    idl,
    await one(
      client.swapAndAddCollateral("BTC", "USDC", "BTC", a.amountIn, long, position("BTC", "BTC", long), pool, true),
    ),
    a,
    s("add USDC collateral to BTC long (swap and add)"),
  );
  a = { collateralDeltaUsd: new BN(10_000_000) };
  record(
    "earlier",
    idl,
    await one(client.removeCollateral(a.collateralDeltaUsd, "BTC", "BTC", long, position("BTC", "BTC", long), pool)),
    a,
    s("remove collateral from BTC long, paid in BTC"),
  );
  record(
    "earlier",
    idl,
    await one(client.removeCollateralAndSwap("BTC", "BTC", "USDC", a.collateralDeltaUsd, long, pool)),
    a,
    s("remove collateral from BTC long into USDC"),
  );
  a = {
    limitPrice: price(300_000_000_000),
    reserveAmount: new BN(20_000_000),
    sizeAmount: new BN(100_000_000),
    stopLossPrice: price(0),
    takeProfitPrice: price(400_000_000_000),
  };
  record(
    "earlier",
    idl,
    await one(
      client.placeLimitOrder(
        "ETH",
        "USDC",
        "USDC",
        "USDC",
        short,
        a.limitPrice,
        a.reserveAmount,
        a.sizeAmount,
        a.stopLossPrice,
        a.takeProfitPrice,
        pool,
        true,
      ),
    ),
    a,
    s("limit order ETH short reserving USDC"),
  );
  a = {
    orderId: 2,
    limitPrice: price(310_000_000_000),
    sizeAmount: new BN(90_000_000),
    stopLossPrice: price(0),
    takeProfitPrice: price(0),
  };
  record(
    "earlier",
    idl,
    await one(
      client.editLimitOrder(
        "ETH",
        "USDC",
        "USDC",
        "USDC",
        short,
        a.orderId,
        a.limitPrice,
        a.sizeAmount,
        a.stopLossPrice,
        a.takeProfitPrice,
        pool,
      ),
    ),
    a,
    s("edit ETH short limit order 2"),
  );
  a = { amountIn: new BN(100_000_000), minAmountOut: new BN(1_000_000) };
  const usdc = custody("USDC");
  const btc = custody("BTC");
  record(
    "earlier",
    idl,
    await one(client.swap("USDC", "BTC", a.amountIn, a.minAmountOut, pool)),
    a,
    s("swap USDC to BTC"),
    {
      swapPool: {
        custodies: pool.custodies.map((c) => c.custodyAccount.toBase58()),
        oracles: pool.custodies.map((c) => c.intOracleAccount.toBase58()),
      },
    },
  );
  a = { triggerPrice: price(10_000_000_000_000), deltaSizeAmount: new BN(3_000_000), isStopLoss: false };
  record(
    "earlier",
    idl,
    await one(
      client.placeTriggerOrder("BTC", "BTC", "BTC", long, a.triggerPrice, a.deltaSizeAmount, a.isStopLoss, pool),
    ),
    a,
    s("take-profit on BTC long"),
  );
  a = { orderId: 1, triggerPrice: price(9_000_000_000_000), deltaSizeAmount: new BN(2_000_000), isStopLoss: true };
  record(
    "earlier",
    idl,
    await one(
      client.editTriggerOrder(
        "BTC",
        "BTC",
        "BTC",
        long,
        a.orderId,
        a.triggerPrice,
        a.deltaSizeAmount,
        a.isStopLoss,
        pool,
      ),
    ),
    a,
    s("edit stop-loss 1 on BTC long"),
  );
  a = { orderId: 255, isStopLoss: false };
  record(
    "earlier",
    idl,
    await one(client.cancelTriggerOrder("BTC", "BTC", long, a.orderId, a.isStopLoss, pool)),
    a,
    s("cancel every trigger order of BTC long (order id 255)"),
  );
  record(
    "earlier",
    idl,
    await one(client.cancelAllTriggerOrders("BTC", "BTC", long, pool)),
    {},
    s("cancel all trigger orders of BTC long"),
  );
  a = { depositAmount: new BN(1_000_000) };
  record(
    "earlier",
    idl,
    await one(client.depositTokenStake(owner.publicKey, owner.publicKey, a.depositAmount, pool)),
    a,
    s("stake 1 FAF"),
  );
  const referrer = keyOf(PublicKey, "referrer");
  const referrerStake =
    PublicKey.findProgramAddressSync([Buffer.from("token_stake"), referrer.toBuffer()], programId)[0];
  const referralPda =
    PublicKey.findProgramAddressSync([Buffer.from("referral"), owner.publicKey.toBuffer()], programId)[0];
  record(
    "earlier",
    idl,
    await one(client.addReferral(referrerStake, referralPda)),
    {},
    s("create referral to a referrer's token stake"),
  );
  // No SDK builder exists for cancel_limit_order: the SDK's Anchor program with the accounts the IDL names.
  a = { orderId: 2 };
  const eth = custody("ETH");
  const ethShort = market("ETH", "USDC", short);
  const cancel = await client.program.methods.cancelLimitOrder(a).accountsPartial({
    owner: owner.publicKey,
    receivingAccount: spl.getAssociatedTokenAddressSync(usdc.mintKey, owner.publicKey, true),
    transferAuthority: client.authority.publicKey,
    perpetuals: client.perpetuals.publicKey,
    pool: pool.poolAddress,
    order: pool.getOrderFromMarketPk(owner.publicKey, ethShort),
    targetCustody: eth.custodyAccount,
    collateralCustody: usdc.custodyAccount,
    reserveCustody: usdc.custodyAccount,
    reserveCustodyTokenAccount: usdc.tokenAccount,
    reserveTokenProgram: spl.TOKEN_PROGRAM_ID,
    reserveMint: usdc.mintKey,
  }).instruction();
  record("earlier", idl, cancel, a, s("cancel ETH short limit order 2 (Anchor, no SDK builder)"));
  void btc;
  return sdkVersion;
}

// ---- v2 program (flash-sdk-v2 source) -----------------------------------------------------------------------------

async function v2() {
  const { BN } = anchor2;
  const { PublicKey, Keypair } = web3v2;
  const idl = require2(join(sdk2Dir, "src/idl/perpetuals.json"));
  // The embedded world's v2 deployment (DECISIONS 5.1); the SDK rewrites the IDL address the same way.
  const programId = "FTv2RxXarPfNta45HTTMVaGvjzsGg27FXJ3hEKWBhrzV";
  const wallet = Keypair.fromSeed(Uint8Array.from({ length: 32 }, (_, i) => 100 + i));
  const provider = new anchor2.AnchorProvider(
    new web3v2.Connection("http://127.0.0.1:9"),
    new anchor2.Wallet(wallet),
    {},
  );
  const program = new anchor2.Program({ ...idl, address: programId }, provider);
  const load = (path) => import(join(sdk2Dir, "src/instructions", path));
  const k = (label) => keyOf(PublicKey, label);
  const owner = k("owner");
  const session = k("session key");
  const sessionToken = PublicKey.findProgramAddressSync(
    [Buffer.from("session_token_v2"), new PublicKey(programId).toBuffer(), session.toBuffer(), owner.toBuffer()],
    new PublicKey("KeyspM2ssCJbqUhQ4k7sveSiY4WjnYsrXkC8oDbwde5"),
  )[0];
  const price = (p, e = -8) => ({ price: new BN(p), exponent: e });
  const { Privilege } = await import(join(sdk2Dir, "src/types.ts"));
  const s = (text) => ({ owner: owner.toBase58(), text });
  const pool = k("pool");
  const market = k("market");
  const [target, lock, other] = [k("target custody"), k("lock custody"), k("usdc custody")];
  const [targetOracle, lockOracle, otherOracle] = [k("target oracle"), k("lock oracle"), k("usdc oracle")];
  const mint = new PublicKey("EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v");
  const ownerAta = k("owner usdc ata");

  const { openPosition } = await load("trade/openPosition.ts");
  let a = {
    priceWithSlippage: price(14_523_456_789),
    collateralAmount: new BN(11_000_000),
    sizeAmount: new BN(757_382_141),
    privilege: Privilege.None,
  };
  record(
    "v2",
    idl,
    await openPosition(
      program,
      owner,
      pool,
      market,
      target,
      lock,
      other,
      targetOracle,
      lockOracle,
      otherOracle,
      a.priceWithSlippage,
      a.collateralAmount,
      a.sizeAmount,
      a.privilege,
    ),
    a,
    s("open, paid in USDC, no session"),
  );
  record(
    "v2",
    idl,
    await openPosition(
      program,
      owner,
      pool,
      market,
      target,
      lock,
      other,
      targetOracle,
      lockOracle,
      otherOracle,
      a.priceWithSlippage,
      a.collateralAmount,
      a.sizeAmount,
      a.privilege,
      session,
      sessionToken,
    ),
    a,
    s("open with a session key"),
  );
  a = { ...a, privilege: Privilege.Referral };
  const tail = { referral: k("referral"), tokenStake: k("token stake") };
  record(
    "v2",
    idl,
    await openPosition(
      program,
      owner,
      pool,
      market,
      target,
      lock,
      other,
      targetOracle,
      lockOracle,
      otherOracle,
      a.priceWithSlippage,
      a.collateralAmount,
      a.sizeAmount,
      a.privilege,
      undefined,
      undefined,
      tail.referral,
      tail.tokenStake,
    ),
    a,
    s("open with the Referral privilege"),
    { privilegeAccounts: { referral: tail.referral.toBase58(), tokenStake: tail.tokenStake.toBase58() } },
  );
  const { increasePositionSize } = await load("trade/increasePositionSize.ts");
  a = {
    priceWithSlippage: price(14_600_000_000),
    sizeDelta: new BN(100_000_000),
    deltaCollateralAmount: new BN(0),
    privilege: Privilege.None,
  };
  record(
    "v2",
    idl,
    await increasePositionSize(
      program,
      owner,
      pool,
      market,
      target,
      other,
      lock,
      targetOracle,
      otherOracle,
      lockOracle,
      a.priceWithSlippage,
      a.sizeDelta,
      a.deltaCollateralAmount,
      a.privilege,
    ),
    a,
    s("increase, receiving USDC"),
  );
  const { closePosition } = await load("trade/closePosition.ts");
  a = { priceWithSlippage: price(14_400_000_000), privilege: Privilege.None };
  record(
    "v2",
    idl,
    await closePosition(
      program,
      owner,
      pool,
      market,
      target,
      lock,
      lock,
      targetOracle,
      lockOracle,
      lockOracle,
      a.priceWithSlippage,
      a.privilege,
      session,
      sessionToken,
    ),
    a,
    s("close with a session key, paid in the lock token"),
  );
  const { decreasePositionSize } = await load("trade/decreasePositionSize.ts");
  a = { priceWithSlippage: price(14_400_000_000), sizeDelta: new BN(250_000_000), privilege: Privilege.None };
  record(
    "v2",
    idl,
    await decreasePositionSize(
      program,
      owner,
      pool,
      market,
      target,
      lock,
      lock,
      targetOracle,
      lockOracle,
      lockOracle,
      a.priceWithSlippage,
      a.sizeDelta,
      a.privilege,
    ),
    a,
    s("partial close"),
  );
  const { addCollateral } = await load("trade/addCollateral.ts");
  a = { collateralDelta: new BN(5_000_000) };
  record(
    "v2",
    idl,
    await addCollateral(
      program,
      owner,
      pool,
      market,
      target,
      other,
      lock,
      targetOracle,
      otherOracle,
      lockOracle,
      a.collateralDelta,
    ),
    a,
    s("add USDC collateral"),
  );
  const { removeCollateral } = await load("trade/removeCollateral.ts");
  a = { collateralDeltaUsd: new BN(2_500_000) };
  record(
    "v2",
    idl,
    await removeCollateral(
      program,
      owner,
      pool,
      market,
      target,
      lock,
      lock,
      targetOracle,
      lockOracle,
      lockOracle,
      a.collateralDeltaUsd,
    ),
    a,
    s("remove collateral"),
  );
  const { placeLimitOrder } = await load("trade/placeLimitOrder.ts");
  a = {
    limitPrice: price(13_800_000_000),
    reserveAmount: new BN(20_000_000),
    sizeAmount: new BN(757_382_141),
    stopLossPrice: price(12_000_000_000),
    takeProfitPrice: price(0),
  };
  record(
    "v2",
    idl,
    await placeLimitOrder(
      program,
      owner,
      pool,
      market,
      target,
      lock,
      other,
      other,
      targetOracle,
      otherOracle,
      a.limitPrice,
      a.reserveAmount,
      a.sizeAmount,
      a.stopLossPrice,
      a.takeProfitPrice,
    ),
    a,
    s("limit order reserving USDC"),
  );
  const { editLimitOrder } = await load("trade/editLimitOrder.ts");
  a = { orderId: 3, limitPrice: price(0), sizeAmount: new BN(0), stopLossPrice: price(0), takeProfitPrice: price(0) };
  record(
    "v2",
    idl,
    await editLimitOrder(
      program,
      owner,
      pool,
      market,
      target,
      lock,
      other,
      other,
      targetOracle,
      otherOracle,
      a.orderId,
      a.limitPrice,
      a.sizeAmount,
      a.stopLossPrice,
      a.takeProfitPrice,
    ),
    a,
    s("edit limit order 3 with zeros (the service's cancel)"),
  );
  const { cancelLimitOrder } = await load("trade/cancelLimitOrder.ts");
  a = { market, orderId: 3 };
  record(
    "v2",
    idl,
    await cancelLimitOrder(program, owner, pool, market, target, lock, other, a.orderId),
    a,
    s("cancel limit order 3"),
  );
  const { placeTriggerOrder } = await load("trade/placeTriggerOrder.ts");
  a = { triggerPrice: price(16_250_000_000), deltaSizeAmount: new BN(757_382_141), isStopLoss: false };
  record(
    "v2",
    idl,
    await placeTriggerOrder(
      program,
      owner,
      pool,
      market,
      target,
      lock,
      other,
      targetOracle,
      lockOracle,
      a.triggerPrice,
      a.deltaSizeAmount,
      a.isStopLoss,
    ),
    a,
    s("take-profit, paid in USDC"),
  );
  const { editTriggerOrder } = await load("trade/editTriggerOrder.ts");
  a = { orderId: 1, triggerPrice: price(12_500_000_000), deltaSizeAmount: new BN(300_000_000), isStopLoss: true };
  record(
    "v2",
    idl,
    await editTriggerOrder(
      program,
      owner,
      pool,
      market,
      target,
      lock,
      lock,
      targetOracle,
      lockOracle,
      a.orderId,
      a.triggerPrice,
      a.deltaSizeAmount,
      a.isStopLoss,
      session,
      sessionToken,
    ),
    a,
    s("edit stop-loss 1 with a session key"),
  );
  const { cancelTriggerOrder } = await load("trade/cancelTriggerOrder.ts");
  a = { market, orderId: 255, isStopLoss: false };
  record(
    "v2",
    idl,
    await cancelTriggerOrder(program, owner, market, a.orderId, a.isStopLoss),
    a,
    s("cancel every trigger order of the market (255)"),
  );
  const { cancelAllTriggerOrders } = await load("trade/cancelAllTriggerOrders.ts");
  a = { market };
  record("v2", idl, await cancelAllTriggerOrders(program, owner, market), a, s("cancel all trigger orders"));
  const { initializeBasket } = await load("trade/initializeBasket.ts");
  a = { positionCapacity: 4, orderCapacity: 4, ledgerCapacity: 4, orderItemCapacity: 5 };
  record(
    "v2",
    idl,
    await initializeBasket(program, owner, 4, 4, 4, 5, owner),
    a,
    s("init basket, SDK default capacities, owner pays"),
  );
  const { initializeUserDepositLedger } = await load("setup/initializeUserDepositLedger.ts");
  a = { depositCapacity: 8 };
  record(
    "v2",
    idl,
    await initializeUserDepositLedger(program, owner, 8, owner),
    a,
    s("init deposit ledger, SDK default capacity"),
  );
  const { delegateBasket } = await load("trade/delegateBasket.ts");
  const payer = k("payer");
  record("v2", idl, await delegateBasket(program, owner, payer), {}, s("delegate basket, another payer"));
  const { depositDirect } = await load("trade/depositDirect.ts");
  a = { amount: new BN(11_000_000) };
  const funder = k("funding owner");
  record(
    "v2",
    idl,
    await depositDirect(program, owner, mint, k("funder usdc ata"), a.amount, funder, false),
    a,
    s("deposit USDC, variant B (another depositor)"),
  );
  record(
    "v2",
    idl,
    await depositDirect(program, owner, k("token-2022 mint"), k("owner t22 ata"), a.amount, owner, true),
    a,
    s("deposit a Token-2022 mint, variant A"),
  );
  const { withdrawalWithAction } = await load("trade/withdrawalWithAction.ts");
  a = { amount: new BN(5_000_000) };
  record(
    "v2",
    idl,
    await withdrawalWithAction(program, owner, mint, ownerAta, a.amount, k("fee payer"), false),
    a,
    s("withdraw USDC, fee payer distinct from owner"),
  );
  const { withdrawalSettle } = await load("trade/withdrawalSettle.ts");
  record("v2", idl, await withdrawalSettle(program, owner, ownerAta, mint, false), {}, s("settle a USDC withdrawal"));
  const { buildWithdrawalEr } = await load("trade/withdrawalEr.ts");
  const wer = await buildWithdrawalEr(program, { owner, payer, tokenMint: mint, ownerTokenAccount: ownerAta });
  record("v2", idl, wer.instructions ? wer.instructions[0] : wer, {}, s("withdrawal rollup step"));
  const { custodySettlementWithAction } = await load("admin/custodySettlementWithAction.ts");
  record(
    "v2",
    idl,
    await custodySettlementWithAction(program, pool, other, mint, owner, false),
    {},
    s("custody settlement of USDC, owner pays"),
  );
  const { custodySettlementSettle } = await load("admin/custodySettlementSettle.ts");
  record(
    "v2",
    idl,
    await custodySettlementSettle(program, owner, pool, other, mint, false),
    {},
    s("settle a USDC custody settlement"),
  );
  const { buildCustodySettlementEr } = await load("admin/custodySettlementEr.ts");
  const cer = await buildCustodySettlementEr(program, { payer, pool, custody: other, tokenMint: mint });
  record("v2", idl, cer.instructions ? cer.instructions[0] : cer, {}, s("custody settlement rollup step"));
}

const version1 = await earlier();
await v2();
const here = dirname(fileURLToPath(import.meta.url));
const meta = {
  kind: "meta",
  generator: "tests/domain/sdk/generate-instruction-vectors.mjs",
  earlier: `flash-sdk@${version1}`,
  v2: "flash-trade/flash-sdk-v2@e137e8d",
};
writeFileSync(join(here, "instruction-vectors.jsonl"), [meta, ...out].map((r) => JSON.stringify(r)).join("\n") + "\n");
console.log(`wrote ${out.length} instruction vectors`);
