/**
 * Borsh `Option<T>`: one tag byte (0 = None, 1 = Some) followed by the value when Some. `None` is `null` on the
 * TypeScript side, so an optional argument reads as `field: X | null` (PROTOCOL-v2 §3.0, PROTOCOL-v1 §1).
 * The view instructions' arguments use it (`discount_index: Option<u8>`, `limit_price: Option<OraclePrice>`).
 */
import type { Codec } from "./codecs.ts";
import { CodecError } from "./errors.ts";

/** `Option<T>` over `of`. Writing `undefined` is an error (a missing field), only `null` means None. */
export function option<T>(of: Codec<T>): Codec<T | null> {
  return {
    schema: { type: "option", of: of.schema },
    // Variable size unless the inner value is empty: 1 byte for None, 1 + size for Some.
    size: of.size === 0 ? 1 : undefined,
    minSize: 1,
    read(r) {
      const at = r.offset;
      const tag = r.u8();
      if (tag === 0) return null;
      if (tag !== 1) throw new CodecError(`invalid Option tag ${tag} at offset ${at} (expected 0 or 1)`);
      try {
        return of.read(r);
      } catch (e) {
        throw e instanceof CodecError ? e.within("Some") : e;
      }
    },
    write(w, v) {
      if (v === undefined) throw new CodecError("expected a value or null for an Option, got undefined");
      if (v === null) {
        w.u8(0);
        return;
      }
      w.u8(1);
      try {
        of.write(w, v);
      } catch (e) {
        throw e instanceof CodecError ? e.within("Some") : e;
      }
    },
  };
}
