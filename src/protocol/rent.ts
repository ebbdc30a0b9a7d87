/**
 * Solana's rent-exemption minimum: what an account of `dataSize` bytes must hold to be created. The runtime charges
 * for the data plus 128 bytes of account metadata, at 3 480 lamports per byte-year, times the 2-year exemption
 * threshold (the cluster's `getMinimumBalanceForRentExemption`; these values have not changed since genesis).
 */
export const ACCOUNT_STORAGE_OVERHEAD_BYTES = 128;
export const LAMPORTS_PER_BYTE_YEAR = 3_480n;
export const EXEMPTION_THRESHOLD_YEARS = 2n;

export function rentExemptLamports(dataSize: number): bigint {
  return BigInt(dataSize + ACCOUNT_STORAGE_OVERHEAD_BYTES) * LAMPORTS_PER_BYTE_YEAR * EXEMPTION_THRESHOLD_YEARS;
}
