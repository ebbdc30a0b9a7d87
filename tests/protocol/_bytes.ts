/**
 * Test helper: a zero-filled byte buffer written at explicit offsets through a DataView, for building account data by
 * hand from the reference layout tables (independent of the codec under test). Pubkeys go through the `bs58` package.
 */
import bs58 from "bs58";

export class Bytes {
  readonly bytes: Uint8Array;
  readonly view: DataView;

  constructor(size: number) {
    this.bytes = new Uint8Array(size);
    this.view = new DataView(this.bytes.buffer);
  }

  hex(off: number, hex: string): this {
    for (let i = 0; i < hex.length / 2; i++) this.bytes[off + i] = parseInt(hex.slice(2 * i, 2 * i + 2), 16);
    return this;
  }
  u8(off: number, v: number): this {
    this.view.setUint8(off, v);
    return this;
  }
  u16(off: number, v: number): this {
    this.view.setUint16(off, v, true);
    return this;
  }
  u32(off: number, v: number): this {
    this.view.setUint32(off, v, true);
    return this;
  }
  i32(off: number, v: number): this {
    this.view.setInt32(off, v, true);
    return this;
  }
  u64(off: number, v: bigint): this {
    this.view.setBigUint64(off, v, true);
    return this;
  }
  i64(off: number, v: bigint): this {
    this.view.setBigInt64(off, v, true);
    return this;
  }
  u128(off: number, v: bigint): this {
    this.view.setBigUint64(off, v & 0xffff_ffff_ffff_ffffn, true);
    this.view.setBigUint64(off + 8, v >> 64n, true);
    return this;
  }
  /** OraclePrice: u64 mantissa then i32 exponent. */
  price(off: number, price: bigint, exponent: number): this {
    return this.u64(off, price).i32(off + 8, exponent);
  }
  pubkey(off: number, key: string): this {
    const b = bs58.decode(key);
    if (b.length !== 32) throw new Error(`bad test key ${key}`);
    this.bytes.set(b, off);
    return this;
  }
  utf8(off: number, s: string): this {
    this.bytes.set(new TextEncoder().encode(s), off);
    return this;
  }
  fill(off: number, len: number, v: number): this {
    this.bytes.fill(v, off, off + len);
    return this;
  }
}

/** Real mainnet keys used as recognisable test values. */
export const K = {
  program: "FLASH6Lo6h3iasJKWDs2F8TkW2UKf3s15C8PMGuVfgBn",
  perpetuals: "7DWCtB5Z8rPiyBMKUwqyC95R9tJpbhoQhLM9LbK3Z5QZ",
  pool: "HfF7GCcEc76xubFCHLLXRdYcgRzwjEPdfKWqzRS8Ncog",
  usdcMint: "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v",
  solMint: "So11111111111111111111111111111111111111112",
  usdcCustody: "5N2St2e1BdgWsJiXxfetwWKkHS1BYochAp1ruPFJUfgY",
  solCustody: "BjzZ33nMnbXZ7rw3Uy9Uu1W7BDCzzugqkiZoamJHRKF7",
  solCustodyTokenAccount: "Hhed3wTHoVoPpnuBntGf236UfowMMAXfxqTLkMyJJENe",
  solIntOracle: "DXqtMo8qRBfHcK11kBnSaCSXkWKk1huMf94R6sAxLHtf",
  solExtOracle: "7UVimffxr9ow1uXYxsr4LHAcV58mLzhmwaeKvJ1pjLiE",
  solLongMarket: "3vHoXbUvGhEHFsLUmxyC6VWsbYDreb1zMn9TAp5ijN5K",
  solShortMarket: "9tvuK63WUV2mgWt7AvWUm7kRUpFKsRX1jewyJ21VTWsM",
  owner: "81xGAvJ27ZeRThU2JEfKAUeT4Fx6qCCd8WHZpujZbiiG",
  delegate: "3FqKnAQrvr6G6AqCAWKdqg9fVe6ceAk3A5Y1ibeQqV2V",
  lpMint: "9Fzv4s5t2bNwwJoeeywMwypop3JegsuDb1eDbMnPr4TX",
  flpMint: "NUZ3FDWTtN5SP72BsefbsqpnbAY5oe21LE8bCSkqsEK",
  defaultKey: "11111111111111111111111111111111",
} as const;
