import assert from "node:assert/strict";
import { PublicKey } from "@solana/web3.js";
import { CodecError, decodePubkey } from "../../../src/protocol/codec/mod.ts";
import {
  KEY_BYTES_LIMIT,
  pubkeyBytes,
  pubkeyBytesMemoSize,
  resetPubkeyBytesMemo,
} from "../../../src/protocol/codec/key-bytes.ts";

const keys = Array.from({ length: 6 }, (_, i) => new PublicKey(Uint8Array.from({ length: 32 }, (_, j) => i * 7 + j)));

Deno.test("pubkeyBytes: a miss decodes, a hit returns the same bytes, both equal to decodePubkey", () => {
  resetPubkeyBytesMemo();
  try {
    const text = keys[0].toBase58();
    const miss = pubkeyBytes(text);
    assert.deepEqual(miss, keys[0].toBytes());
    assert.equal(pubkeyBytesMemoSize(), 1);
    const hit = pubkeyBytes(text);
    assert.equal(hit, miss, "a hit is the remembered array");
    assert.deepEqual(hit, decodePubkey(text));
    assert.deepEqual(pubkeyBytes(keys[1].toBase58()), keys[1].toBytes(), "another key is its own entry");
    assert.equal(pubkeyBytesMemoSize(), 2);
  } finally {
    resetPubkeyBytesMemo();
  }
});

Deno.test("pubkeyBytes: invalid text throws every time and is never remembered", () => {
  resetPubkeyBytesMemo();
  try {
    for (let i = 0; i < 2; i++) {
      assert.throws(() => pubkeyBytes("not a key"), CodecError);
      assert.throws(() => pubkeyBytes("1111"), CodecError);
    }
    assert.equal(pubkeyBytesMemoSize(), 0);
  } finally {
    resetPubkeyBytesMemo();
  }
});

Deno.test("pubkeyBytes: the memo stays within its bound, dropping keys not used lately, and stays correct", () => {
  assert.ok(KEY_BYTES_LIMIT > 0);
  resetPubkeyBytesMemo(4);
  try {
    const texts = keys.map((k) => k.toBase58());
    const first = pubkeyBytes(texts[0]);
    for (const t of texts) {
      pubkeyBytes(t);
      assert.ok(pubkeyBytesMemoSize() <= 4);
    }
    // The first key was not used since: dropped, so decoding it again gives a fresh array with the same bytes.
    const again = pubkeyBytes(texts[0]);
    assert.notEqual(again, first);
    assert.deepEqual(again, keys[0].toBytes());
    assert.ok(pubkeyBytesMemoSize() <= 4);
    texts.forEach((t, i) => assert.deepEqual(pubkeyBytes(t), keys[i].toBytes()));
  } finally {
    resetPubkeyBytesMemo();
  }
});
