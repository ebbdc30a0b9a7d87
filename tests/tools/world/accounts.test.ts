/**
 * Every generated account decodes with the real layouts of its deployment (and the SPL / lookup-table / delegation
 * layouts for the others); accounts live on the chain the protocol puts them on; configurations load and every PDA in
 * them re-derives with src/protocol/pda.ts.
 */
import type { ProgramVersion } from "../../../src/protocol/vocabulary.ts";
import assert from "node:assert/strict";
import { Buffer } from "node:buffer";
import { AddressLookupTableAccount, PublicKey } from "@solana/web3.js";
import { getScaledUiAmountConfig, unpackAccount, unpackMint } from "@solana/spl-token";
import { accountKindOf, decodeAccount } from "../../../src/protocol/accounts/mod.ts";
import * as pda from "../../../src/protocol/pda.ts";
import { loadDeploymentConfig } from "../../../src/config/pool-config.ts";
import { DeploymentIndex } from "../../../src/config/deployment-index.ts";
import type { RecordedAccountData } from "../../../src/replay/format.ts";
import { ALT, defaultWorld, DELEGATION, EARLIER_PROGRAM, TOKEN, TOKEN_2022, V2_PROGRAM } from "./_helpers.ts";

function versionOfOwner(owner: string): ProgramVersion | null {
  return owner === V2_PROGRAM ? "v2" : owner === EARLIER_PROGRAM ? "earlier" : null;
}

function info(a: RecordedAccountData) {
  return {
    data: Buffer.from(a.data),
    executable: a.executable,
    lamports: Number(a.lamports),
    owner: new PublicKey(a.owner),
  };
}

Deno.test("every account of the world decodes with its deployment's layouts", async (t) => {
  const { rec } = await defaultWorld();
  const seen = new Map<string, number>();
  const count = (k: string) => seen.set(k, (seen.get(k) ?? 0) + 1);
  const check = (chain: string, pubkey: string, a: RecordedAccountData) => {
    const version = versionOfOwner(a.owner);
    if (version) {
      const d = decodeAccount(version, a.data);
      assert.ok(d, `${chain} ${pubkey}: unknown discriminator for ${version}`);
      count(`${chain}:${version}:${d.kind}`);
    } else if (a.owner === DELEGATION) {
      if (a.data[0] === 100 && accountKindOf("v2", a.data) === null) {
        // Delegation record: discriminant 100, validator, owner program, slot, lamports, commit frequency.
        assert.equal(a.data.length, 96);
        assert.equal(new PublicKey(a.data.subarray(40, 72)).toBase58(), V2_PROGRAM);
        count(`${chain}:delegationRecord`);
      } else {
        const d = decodeAccount("v2", a.data);
        assert.ok(d, `${chain} ${pubkey}: delegated copy does not decode as v2`);
        count(`${chain}:delegated:${d.kind}`);
      }
    } else if (a.owner === TOKEN || a.owner === TOKEN_2022) {
      const pk = new PublicKey(pubkey);
      const program = new PublicKey(a.owner);
      if (a.data.length === 165) {
        const acc = unpackAccount(pk, info(a), program);
        assert.equal(acc.isInitialized, true);
        count(`${chain}:tokenAccount`);
      } else {
        const mint = unpackMint(pk, info(a), program);
        assert.equal(mint.isInitialized, true);
        if (a.owner === TOKEN_2022) {
          assert.equal(mint.decimals, 8);
          assert.equal(getScaledUiAmountConfig(mint)?.multiplier, 1);
        }
        count(`${chain}:mint`);
      }
    } else if (a.owner === ALT) {
      const state = AddressLookupTableAccount.deserialize(a.data);
      const alt = new AddressLookupTableAccount({ key: new PublicKey(pubkey), state });
      assert.ok(state.addresses.length > 10 && state.addresses.length <= 256);
      assert.equal(alt.isActive(), true);
      count(`${chain}:lookupTable`);
    } else {
      assert.fail(`${chain} ${pubkey}: unexpected owner ${a.owner}`);
    }
  };

  await t.step("initial accounts", () => {
    for (const chain of ["base", "er"] as const) {
      for (const a of rec.chains[chain].initialAccounts) check(chain, a.pubkey, a);
    }
    const expect: Record<string, number> = {
      "er:v2:Pool": 3,
      "er:v2:Custody": 12,
      "er:v2:Market": 16,
      "er:v2:CustomOracle": 10,
      "base:v2:Perpetuals": 1,
      "base:v2:TradeVault": 6,
      "base:earlier:Perpetuals": 1,
      "base:earlier:Pool": 3,
      "base:earlier:Custody": 12,
      "base:earlier:Market": 16,
      "base:earlier:CustomOracle": 10,
      "base:delegated:Pool": 3,
      "base:delegated:Custody": 12,
      "base:delegated:Market": 16,
      "base:delegated:CustomOracle": 10,
      "base:lookupTable": 6,
      // 10 world mints + 2 LP mints per pool and deployment
      "base:mint": 22,
    };
    for (const [k, n] of Object.entries(expect)) assert.equal(seen.get(k), n, k);
    for (
      const k of [
        "er:v2:Basket",
        "base:delegated:Basket",
        "base:v2:UserDepositLedger",
        "base:earlier:Position",
        "base:earlier:Order",
        "base:earlier:TokenStake",
        "base:earlier:Referral",
        "base:delegationRecord",
        "base:tokenAccount",
      ]
    ) assert.ok((seen.get(k) ?? 0) > 0, `no ${k}`);
    assert.equal(seen.get("er:v2:Basket"), seen.get("base:delegated:Basket"));
    // Nothing of the earlier deployment, and no ledger, on the ER.
    assert.ok(![...seen.keys()].some((k) => k.startsWith("er:earlier") || k === "er:v2:UserDepositLedger"));
  });

  await t.step("every update", () => {
    seen.clear();
    for (const chain of ["base", "er"] as const) {
      for (const u of rec.chains[chain].updates) if (u.account) check(chain, u.pubkey, u.account);
    }
    for (const k of ["er:v2:Basket", "er:v2:Market", "er:v2:Custody", "er:v2:Pool", "er:v2:CustomOracle"]) {
      assert.ok(seen.get(k), `no update of ${k}`);
    }
    for (const k of ["base:earlier:Position", "base:earlier:Order", "base:earlier:Market", "base:earlier:Custody"]) {
      assert.ok(seen.get(k), `no update of ${k}`);
    }
    assert.ok(seen.get("base:delegated:Basket"), "ER commits refresh the base copies");
    assert.ok(seen.get("base:v2:UserDepositLedger"), "deposits update ledgers");
    assert.ok(rec.chains.base.updates.some((u) => u.account === null), "a closed earlier position account");
  });

  await t.step("base copies of delegated accounts start equal to the ER copies", () => {
    const er = rec.chains.er.initialAccounts;
    for (const a of rec.chains.base.initialAccounts) {
      if (a.owner !== DELEGATION || accountKindOf("v2", a.data) === null) continue;
      const e = er.get(a.pubkey);
      assert.ok(e, `base copy ${a.pubkey} has no ER account`);
      assert.equal(e.owner, V2_PROGRAM);
      assert.deepEqual(e.data, a.data);
      const record = rec.chains.base.initialAccounts.get(pda.delegationRecord(a.pubkey));
      assert.ok(record, `no delegation record for ${a.pubkey}`);
    }
  });
});

Deno.test("deployment configurations load and every PDA re-derives", async (t) => {
  const { dir, rec } = await defaultWorld();
  const accounts = new Map(
    [...rec.chains.base.initialAccounts, ...rec.chains.er.initialAccounts].map((a) => [a.pubkey, a]),
  );
  for (
    const [file, version, program] of [
      ["pool-config.v2.json", "v2", V2_PROGRAM],
      ["pool-config.earlier.json", "earlier", EARLIER_PROGRAM],
    ] as const
  ) {
    await t.step(file, async () => {
      const config = await loadDeploymentConfig(`${dir}/${file}`, { bundled: true, nowUnix: 1 });
      assert.equal(config.programId, program);
      assert.equal(config.cluster, "mainnet-beta");
      assert.equal(config.provenance.source, "bundled");
      assert.match(config.provenance.version, /^flash-world\/1\+seed\.1$/);
      assert.equal(config.provenance.publishedAt, "2026-01-15T20:59:00.000Z");
      assert.deepEqual(config.pools.map((p) => p.poolName), ["Crypto.1", "Virtual.1", "Equity.1"]);
      const raw = JSON.parse(await Deno.readTextFile(`${dir}/${file}`));
      for (const pool of config.pools) {
        const rawPool = raw.pools.find((p: { poolName: string }) => p.poolName === pool.poolName);
        assert.equal(pool.isMagicBlock, version === "v2");
        assert.equal(pool.poolAddress, pda.pool(program, pool.poolName));
        assert.equal(pool.stakedLpTokenMint, pda.lpTokenMint(program, pool.poolAddress));
        assert.equal(pool.compoundingTokenMint, pda.compoundingTokenMint(program, pool.poolAddress));
        assert.equal(rawPool.perpetuals, pda.perpetuals(program));
        assert.equal(rawPool.transferAuthority, pda.transferAuthority(program));
        assert.equal(rawPool.multisig, pda.multisig(program));
        if (version === "v2") assert.equal(rawPool.reallocVault, pda.reallocVault(program));
        assert.equal(pool.addressLookupTableAddresses.length, 1);
        assert.equal(accounts.get(pool.addressLookupTableAddresses[0])?.owner, ALT);
        for (const c of pool.custodies) {
          assert.equal(c.custodyAccount, pda.custody(program, pool.poolAddress, c.mintKey));
          assert.equal(c.tokenAccount, pda.custodyTokenAccount(program, pool.poolAddress, c.mintKey));
          assert.equal(c.intOracleAddress, pda.oracleAccount(program, c.mintKey));
          const acc = accounts.get(c.custodyAccount)!;
          const custody = decodeAccount(version, acc.data);
          assert.equal(custody?.kind, "Custody");
          if (custody?.kind !== "Custody") continue;
          assert.equal(custody.value.uid, c.custodyId);
          assert.equal(custody.value.mint, c.mintKey);
          assert.equal(custody.value.oracle.intOracleAccount, c.intOracleAddress);
          assert.equal(custody.value.isVirtual, c.isVirtual);
        }
        for (const m of pool.markets) {
          assert.equal(m.marketAccount, pda.market(program, m.targetCustody, m.collateralCustody, m.side));
          const market = decodeAccount(version, accounts.get(m.marketAccount)!.data);
          assert.equal(market?.kind, "Market");
          if (market?.kind !== "Market") continue;
          assert.equal(market.value.side, m.side === "long" ? "Long" : "Short");
          assert.equal(market.value.correlation, m.marketCorrelation);
          assert.equal(market.value.targetCustodyUid, m.targetCustodyId);
          assert.equal(market.value.collateralCustodyUid, m.collateralCustodyId);
        }
        const poolAcc = decodeAccount(version, accounts.get(pool.poolAddress)!.data);
        assert.equal(poolAcc?.kind, "Pool");
        if (poolAcc?.kind === "Pool") {
          assert.deepEqual(poolAcc.value.custodies, pool.custodies.map((c) => c.custodyAccount));
          assert.deepEqual(poolAcc.value.markets, pool.markets.map((m) => m.marketAccount));
          const ratioSum = poolAcc.value.ratios.reduce((a, r) => a + r.target, 0n);
          assert.equal(ratioSum, 10_000n, `${pool.poolName} target ratios sum to 100 %`);
          assert.ok(poolAcc.value.rawAumUsd > 0n);
          if (version === "v2") assert.ok((poolAcc.value.lpSupply ?? 0n) > 0n);
          else assert.equal(poolAcc.value.lpSupply, undefined);
        }
      }
      const index = new DeploymentIndex(config);
      assert.equal(index.marketsFor("SOL", "long").length, 2, "SOL long has SOL and JitoSOL collateral markets");
      assert.deepEqual(index.marketsFor("NVDA", "long").map((m) => m.collateralSymbol), ["SPY"]);
      assert.deepEqual(index.marketsFor("TSLA", "short").map((m) => m.collateralSymbol), ["USDC"]);
      assert.equal(index.token("WSOL")?.mintKey, index.token("SOL")?.mintKey);
      assert.equal(index.custodyOf("WSOL")?.symbol, "SOL");
      for (const s of ["SPY", "NVDA", "TSLA"]) {
        assert.equal(index.token(s)?.isToken2022, true);
        assert.equal(index.token(s)?.decimals, 8);
      }
      for (const s of ["XAU", "EUR", "NVDA", "TSLA"]) assert.equal(index.token(s)?.isVirtual, true, s);
      assert.equal(index.token("SPY")?.isVirtual, false);
      assert.deepEqual(
        index.feedIds().sort((a, b) => a - b),
        [1, 2, 6, 7, 327, 346, 458, 1314, 1398, 1435],
      );
    });
  }

  await t.step("the earlier deployment derives mainnet's addresses", async () => {
    const config = await loadDeploymentConfig(`${dir}/pool-config.earlier.json`);
    const crypto = config.pools.find((p) => p.poolName === "Crypto.1")!;
    assert.equal(crypto.poolAddress, "HfF7GCcEc76xubFCHLLXRdYcgRzwjEPdfKWqzRS8Ncog");
    assert.equal(
      crypto.custodies.find((c) => c.symbol === "USDC")?.custodyAccount,
      "5N2St2e1BdgWsJiXxfetwWKkHS1BYochAp1ruPFJUfgY",
    );
    assert.equal(
      crypto.markets.find((m) => m.targetSymbol === "SOL" && m.collateralSymbol === "JitoSOL")?.marketAccount,
      "EHUaxjoTqTJTWRwQQNy1Wq4sDGdua5r6YGvFzPcuA1eV",
    );
    assert.equal(
      config.pools.find((p) => p.poolName === "Equity.1")?.poolAddress,
      "Fa64Ua4bzN295egkQEqtyrWNeQMiFZ5Uxfq2DcQ4Sb3h",
    );
  });

  await t.step("internal oracles carry each feed's id and exponent", async () => {
    for (const [file, version] of [["pool-config.v2.json", "v2"], ["pool-config.earlier.json", "earlier"]] as const) {
      const config = await loadDeploymentConfig(`${dir}/${file}`);
      const frame0 = rec.oracle[0];
      for (const pool of config.pools) {
        for (const c of pool.custodies) {
          const d = decodeAccount(version, accounts.get(c.intOracleAddress!)!.data);
          assert.equal(d?.kind, "CustomOracle");
          if (d?.kind !== "CustomOracle") continue;
          const token = pool.tokens.find((t) => t.mintKey === c.mintKey)!;
          assert.equal(d.value.lazerFeedId, token.feedId);
          const feed = frame0.feeds.find((f) => f.feedId === token.feedId)!;
          assert.equal(d.value.expo, feed.exponent);
          assert.equal(d.value.price, feed.price);
        }
      }
    }
  });
});
