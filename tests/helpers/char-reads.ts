/**
 * How many characters `work` reads, counted where they are read (String.prototype.charCodeAt): a measure of a parser's
 * work that does not depend on the machine, for tests that its work grows with its input and not with its square.
 */
export function charReads(work: () => void): number {
  const original = String.prototype.charCodeAt;
  let count = 0;
  String.prototype.charCodeAt = function (this: string, index: number) {
    count++;
    return original.call(this, index);
  };
  try {
    work();
  } finally {
    String.prototype.charCodeAt = original;
  }
  return count;
}
