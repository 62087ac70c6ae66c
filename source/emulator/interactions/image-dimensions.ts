/**
 * The width and height Discord gives an image attachment, read from the file's own header (not its
 * name or declared type) for the formats Discord's client shows inline: PNG, JPEG, GIF and WebP.
 * Parsed by the maintained `image-size` package, one format's parser at a time, so other formats'
 * parsers never see the bytes; anything else, or a header that does not parse, has no dimensions.
 */
import { GIF } from 'image-size/types/gif';
import { JPG } from 'image-size/types/jpg';
import { PNG } from 'image-size/types/png';
import { WEBP } from 'image-size/types/webp';

const FORMATS = [PNG, JPG, GIF, WEBP];

export function imageDimensions(bytes: Uint8Array): { width: number; height: number } | Record<string, never> {
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
