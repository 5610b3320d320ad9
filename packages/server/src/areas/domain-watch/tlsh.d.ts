/** Types of the tlsh package (idealista's JavaScript port of TLSH), which ships none: the two entry points used. */
declare module 'tlsh/lib/tlsh.js' {
  /** The TLSH digest (70 hex characters) of a string read as bytes; throws when the input is too short or too plain. */
  export default function hash(data: string): string;
}
declare module 'tlsh/lib/digests/digest-hash-builder.js' {
  interface Digest {
    calculateDifference(other: Digest, lengthDiff: boolean): number;
  }
  export default class DigestHashBuilder {
    withHash(hash: string): DigestHashBuilder;
    build(): Digest;
  }
}
