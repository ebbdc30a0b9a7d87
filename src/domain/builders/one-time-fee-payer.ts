/**
 * The only key this service ever signs with (DECISIONS 5.4, 5.20): a fee payer made for one request-withdrawal
 * (variant A) and forgotten with it. `withdrawal_with_action` needs a signing fee payer other than the owner, which
 * a wallet alone cannot provide; so the service makes a fresh key, the owner tops it up inside the same transaction
 * with exactly what the instruction spends (`v2/withdrawal-rent.ts`), and the key signs that one transaction.
 *
 * The secret key is never stored, logged or reused: it lives in a private field of the object the handler holds for
 * the length of the request, and nothing reads it but `presign`. The object has no enumerable secret, and printing
 * or serializing it shows the public key only.
 */
import { Keypair, VersionedTransaction } from "@solana/web3.js";
import { base64, fromBase64 } from "../../protocol/codec/bytes.ts";

export class OneTimeFeePayer {
  readonly #keypair = Keypair.generate();
  readonly publicKey: string = this.#keypair.publicKey.toBase58();

  /**
   * The transaction with this key's signature in its slot; every other slot stays as it was (zeroed). The key must be
   * one of the message's signers.
   */
  presign(transactionBase64: string): string {
    const tx = VersionedTransaction.deserialize(fromBase64(transactionBase64));
    tx.sign([this.#keypair]);
    return base64(tx.serialize());
  }

  toJSON(): { publicKey: string } {
    return { publicKey: this.publicKey };
  }

  [Symbol.for("Deno.customInspect")](): string {
    return `OneTimeFeePayer(${this.publicKey})`;
  }
}
