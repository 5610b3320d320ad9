/**
 * Finding the client's word marks in the text read from a picture (ocr.ts). Both sides are folded the same way:
 * NFKC (full-width Latin and half-width kana become their usual forms), lower case, and every space and mark of
 * punctuation dropped, since OCR puts spaces between Japanese characters and drops or doubles them between Latin
 * words. What is left is looked for anywhere in the text: Japanese has no word boundaries, and a brand word glued to
 * another ("SAKURAGLOW") still shows it. OCR misreads a letter now and then ("さくら英肌", "くら美肌"), so a word of
 * five characters or more may differ by one character (a letter missed, added or misread), one of ten or more by
 * two: at that length a chance likeness in a picture's stray letters is rare, while a short word must be exact.
 */

export interface WordMark {
  /** The trademark whose word mark this is, or null for a brand name the client keeps without one. */
  trademarkId: number | null;
  brandId: number | null;
  text: string;
}

export interface FoundWordMark extends WordMark {
  /** The word as the picture shows it (folded), for the reason. */
  found: string;
}

/** Folded text: NFKC, lower case, without spaces, punctuation or symbols. */
export const foldText = (text: string) =>
  text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\s\p{P}\p{S}]+/gu, '');

/**
 * A folded word shorter than this is not looked for: two Latin letters are found by chance in most pictures' noise.
 * A single CJK character is too (a Japanese or Chinese mark is at least two).
 */
const isLongEnough = (folded: string) => (/^[\p{Script=Latin}\d]+$/u.test(folded) ? folded.length >= 3 : folded.length >= 2);

/**
 * The word marks the text shows, one per folded word (the first trademark of a word wins, then a brand name of the
 * same word is not named again), none that is part of a longer one found.
 */
export function findWordMarks(text: string, marks: WordMark[]): FoundWordMark[] {
  const folded = foldText(text);
  const seen = new Set<string>();
  const found: FoundWordMark[] = [];
  for (const mark of marks) {
    const word = foldText(mark.text);
    if (!isLongEnough(word) || seen.has(word)) continue;
    seen.add(word);
    const at = folded.includes(word) ? word : nearSubstring(folded, word, Math.floor(word.length / 5));
    if (at !== null) found.push({ ...mark, found: at });
  }
  // A word inside a longer one found ("SAKURA" in "SAKURA GLOW") is that word, not a second mark.
  const words = found.map((f) => foldText(f.text));
  return found.filter((_, i) => !words.some((w, j) => j !== i && w.length > words[i]!.length && w.includes(words[i]!)));
}

/**
 * The part of `text` within `k` edits of `word` (Sellers' approximate substring search: a match may start
 * anywhere), or null. Text read from one picture is short, so the O(text × word) table costs nothing.
 */
export function nearSubstring(text: string, word: string, k: number): string | null {
  if (k === 0) return null;
  const w = [...word];
  const t = [...text];
  // cost[i] and start[i]: the fewest edits of w[0..i) against a substring ending here, and where that one starts.
  let cost = w.map((_, i) => i + 1);
  let start = w.map(() => 0);
  cost.unshift(0);
  start.unshift(0);
  let best: { cost: number; from: number; to: number } | null = null;
  for (let j = 1; j <= t.length; j++) {
    const next = [0];
    const nextStart = [j];
    for (let i = 1; i <= w.length; i++) {
      const options: [number, number][] = [
        [cost[i - 1]! + (w[i - 1] === t[j - 1] ? 0 : 1), start[i - 1]!],
        [cost[i]! + 1, start[i]!],
        [next[i - 1]! + 1, nextStart[i - 1]!],
      ];
      const best = options.reduce((a, b) => (b[0] < a[0] ? b : a));
      next.push(best[0]);
      nextStart.push(best[1]);
    }
    cost = next;
    start = nextStart;
    // The closest part wins (a prefix of the word is within k edits too, one letter before its best end).
    if (cost[w.length]! <= k && (!best || cost[w.length]! < best.cost)) best = { cost: cost[w.length]!, from: start[w.length]!, to: j };
  }
  return best ? t.slice(best.from, best.to).join('') : null;
}
