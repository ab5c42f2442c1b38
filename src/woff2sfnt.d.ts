/** woff2sfnt-sfnt2woff ships no types: it turns a WOFF (1.0) font into the TrueType/OpenType it packs, and back. */
declare module 'woff2sfnt-sfnt2woff' {
  const converter: {
    toSfnt(woff: Uint8Array): Uint8Array;
    toWoff(sfnt: Uint8Array): Uint8Array;
  };
  export default converter;
}
