/**
 * The width and height Discord gives an image attachment, read from the file's own header (not its
 * name or declared type) for the formats Discord's client shows inline: PNG, JPEG, GIF and WebP.
 * Parsed by the maintained `image-size` package, one format's parser at a time, so other formats'
 * parsers never see the bytes; anything else, or a header that does not parse, has no dimensions.
 * Only the file's first HEADER_BYTES are parsed: the JPEG parser scans byte by byte for the frame
 * header, and a 10 MiB upload that only starts like a JPEG would hold the event loop (the TUI's too)
 * for seconds; a size not found there is no size, as for a file that has none.
 */
import { GIF } from 'image-size/types/gif';
import { JPG } from 'image-size/types/jpg';
import { PNG } from 'image-size/types/png';
import { WEBP } from 'image-size/types/webp';

const FORMATS = [PNG, JPG, GIF, WEBP];

/** Enough for the headers of PNG, GIF and WebP, and for a JPEG's frame header behind its usual metadata. */
export const HEADER_BYTES = 64 * 1024;

export function imageDimensions(file: Uint8Array): { width: number; height: number } | Record<string, never> {
  const bytes = file.subarray(0, HEADER_BYTES);
  for (const format of FORMATS) {
    try {
      if (!format.validate(bytes)) continue;
      const { width, height } = format.calculate(bytes);
      return Number.isSafeInteger(width) && Number.isSafeInteger(height) && width > 0 && height > 0 ? { width, height } : {};
    } catch {
      // A header that claims a format and breaks it: a file, not an image.
      return {};
    }
  }
  return {};
}
