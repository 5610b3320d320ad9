/**
 * Real, tiny images for tests (uploads are checked by decoding their headers, so fakes with a right first few
 * bytes are refused): a 1x1 PNG, a 1x1 baseline JPEG, a 1x1 GIF, and a 1x1 24-bit BMP built field by field.
 */
export const PNG_1X1 = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
export const JPEG_1X1 = Buffer.from(
  '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=',
  'base64',
);
export const GIF_1X1 = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
export const BMP_1X1 = (() => {
  const b = Buffer.alloc(58);
  b.write('BM', 0, 'latin1');
  b.writeUInt32LE(58, 2); // file size
  b.writeUInt32LE(54, 10); // pixels start after the 14-byte file header and the 40-byte DIB header
  b.writeUInt32LE(40, 14);
  b.writeInt32LE(1, 18); // width
  b.writeInt32LE(1, 22); // height
  b.writeUInt16LE(1, 26); // planes
  b.writeUInt16LE(24, 28); // bits per pixel
  b.writeUInt32LE(4, 34); // image size: one row of 3 bytes, padded to 4
  b.writeUIntLE(0x0000ff, 54, 3); // one red pixel (blue, green, red)
  return b;
})();
