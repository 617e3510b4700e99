/**
 * A text file's bytes as text, its encoding told from the bytes: UTF-8 with or without its byte-order mark, UTF-16
 * by its byte-order mark, and Windows-1252 (what Excel on Windows saves as "CSV"), recognised as bytes that are not
 * UTF-8 and are each a character of Windows-1252, converted and said to be. Anything else (NUL bytes without a
 * byte-order mark, a byte Windows-1252 does not have, UTF-8 mixed with another encoding, a ZIP archive such as an
 * Excel workbook) is refused with one line that says what to do, never read as garbled text.
 */
import { formatCount } from "./text.ts";

export type TextEncodingName = "UTF-8" | "UTF-16LE" | "UTF-16BE" | "Windows-1252";

export type DecodedText = {
  text: string;
  encoding: TextEncodingName;
  /** Read as Windows-1252, not as the UTF-8 of the others: the reader should be told. */
  converted: boolean;
};

/** A file whose encoding cannot be told or that is not text: the message says what to do. */
export class EncodingError extends Error {}

const SAVE_AGAIN = "save it again as CSV UTF-8.";
/** The five bytes Windows-1252 leaves without a character. */
const NOT_WINDOWS_1252 = new Set([0x81, 0x8d, 0x8f, 0x90, 0x9d]);

const hex = (byte: number) => `0x${byte.toString(16).padStart(2, "0").toUpperCase()}`;

export function decodeText(bytes: Uint8Array): DecodedText {
  const strict = (label: string, from: number, encoding: TextEncodingName): DecodedText => {
    try {
      return {
        text: new TextDecoder(label, { fatal: true, ignoreBOM: true }).decode(bytes.subarray(from)),
        encoding,
        converted: false,
      };
    } catch {
      throw new EncodingError(
        `The file says it is ${encoding} but is not (cut in the middle of a character?); ${SAVE_AGAIN}`,
      );
    }
  };
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return strict("utf-8", 3, "UTF-8");
  if (bytes[0] === 0xff && bytes[1] === 0xfe) {
    if (bytes[2] === 0 && bytes[3] === 0) {
      throw new EncodingError(`The file is UTF-32, which is not read; ${SAVE_AGAIN}`);
    }
    return strict("utf-16le", 2, "UTF-16LE");
  }
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return strict("utf-16be", 2, "UTF-16BE");
  if (bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04) {
    throw new EncodingError(`The file is a ZIP archive (an Excel workbook?), not a CSV file; ${SAVE_AGAIN}`);
  }
  if (bytes.includes(0)) {
    throw new EncodingError(
      `The file has NUL bytes: it is UTF-16 without a byte-order mark, or not a text file; ${SAVE_AGAIN}`,
    );
  }
  const { invalidAt, multiByte } = utf8Shape(bytes);
  if (invalidAt < 0) return strict("utf-8", 0, "UTF-8");
  if (multiByte) {
    throw new EncodingError(
      `The file mixes UTF-8 with another encoding (byte ${hex(bytes[invalidAt])} at offset ${
        formatCount(invalidAt)
      } is not UTF-8); ${SAVE_AGAIN}`,
    );
  }
  const foreign = bytes.findIndex((byte) => NOT_WINDOWS_1252.has(byte));
  if (foreign >= 0) {
    throw new EncodingError(
      `The file is not in UTF-8, UTF-16 or Windows-1252 (byte ${hex(bytes[foreign])} at offset ${
        formatCount(foreign)
      }); ${SAVE_AGAIN}`,
    );
  }
  return { text: new TextDecoder("windows-1252").decode(bytes), encoding: "Windows-1252", converted: true };
}

/**
 * Where the first byte that cannot be UTF-8 is (-1 when none), and whether the bytes hold a well-formed UTF-8
 * sequence of more than one byte: a file with both is two encodings at once.
 */
function utf8Shape(bytes: Uint8Array): { invalidAt: number; multiByte: boolean } {
  let invalidAt = -1;
  let multiByte = false;
  for (let i = 0; i < bytes.length;) {
    const lead = bytes[i];
    if (lead < 0x80) {
      i++;
      continue;
    }
    const length = lead >= 0xc2 && lead <= 0xdf
      ? 2
      : lead >= 0xe0 && lead <= 0xef
      ? 3
      : lead >= 0xf0 && lead <= 0xf4
      ? 4
      : 0;
    let well = length > 0 && i + length <= bytes.length;
    for (let k = 1; well && k < length; k++) well = (bytes[i + k] & 0xc0) === 0x80;
    if (well && length === 3) {
      // No overlong forms and no surrogates.
      well = !(lead === 0xe0 && bytes[i + 1] < 0xa0) && !(lead === 0xed && bytes[i + 1] >= 0xa0);
    }
    if (well && length === 4) {
      well = !(lead === 0xf0 && bytes[i + 1] < 0x90) && !(lead === 0xf4 && bytes[i + 1] >= 0x90);
    }
    if (well) {
      multiByte = true;
      i += length;
    } else {
      if (invalidAt < 0) invalidAt = i;
      i++;
    }
    if (multiByte && invalidAt >= 0) break;
  }
  return { invalidAt, multiByte };
}
