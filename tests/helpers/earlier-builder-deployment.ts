/**
 * For the earlier-interface builder and quote tests: the hand-built deployment (./hand-built-deployment.ts) made
 * ready for building earlier-interface transactions: custody accounts carry their vault and internal-oracle addresses (the PDAs, as on chain), DAVE
 * (positions SOL long and SOL short, an order account on SOL long with TP slot 0 and SL slot 2) has a token-stake
 * account and a referral to FRANK, who stakes too; GRACE has a swap-fee-exempt whitelist account for every pool.
 */
import {
  type AccountCodec,
  custodyAccount,
  referralAccount,
  tokenStakeAccount,
  whitelistAccount,
} from "../../src/protocol/accounts/mod.ts";
import { buildFixture, DAVE, type Fixture, type FixtureOptions, key, PROGRAM } from "./hand-built-deployment.ts";
import { programAddresses } from "./expected-accounts.ts";

export const FRANK = key("frank");
export const GRACE = key("grace");
export const A = programAddresses(PROGRAM.earlier);

function zero<T>(codec: AccountCodec<T>): T {
  const data = new Uint8Array(8192);
  data.set(codec.discriminator);
  return codec.decode(data);
}

export function builderFixture(options: FixtureOptions = {}): Fixture {
  const f = buildFixture(options);
  const snapshot = f.snapshot("earlier");
  for (const pool of snapshot.input.config.pools) {
    for (const c of pool.custodies) {
      const account = snapshot.accounts.get("Custody", c.custodyAccount);
      if (!account) continue;
      f.put("earlier", c.custodyAccount, custodyAccount.earlier, {
        ...account,
        tokenAccount: A.custodyTokenAccount(pool.poolAddress, c.mintKey),
        oracle: { ...account.oracle, intOracleAccount: A.oracle(c.mintKey) },
      });
    }
  }
  const stake = (owner: string) => ({ ...zero(tokenStakeAccount), owner, isInitialized: true, level: 2 });
  f.put("earlier", A.tokenStake(DAVE), tokenStakeAccount, stake(DAVE));
  f.put("earlier", A.tokenStake(FRANK), tokenStakeAccount, stake(FRANK));
  f.put("earlier", A.referral(DAVE), referralAccount, {
    ...zero(referralAccount),
    isInitialized: true,
    refererTokenStakeAccount: A.tokenStake(FRANK),
  });
  f.put("earlier", A.whitelist(GRACE), whitelistAccount, {
    ...zero(whitelistAccount),
    owner: GRACE,
    isInitialized: true,
    isSwapFeeExempt: true,
    pool: "11111111111111111111111111111111",
  });
  return f;
}
