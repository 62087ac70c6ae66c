/**
 * A stand-in for `new Intl.Segmenter(locales, { granularity: 'grapheme' })`, handed to Ink and its
 * text helpers by the build (scripts/build.mjs) in place of the real one. Those helpers build their
 * segmenters when they are loaded, and the first Intl object of a process initialises ICU, about
 * 20 ms on the start path. Text made only of code points that always stand alone as graphemes (all
 * of the TUI's own text, colour codes included) is split one code unit at a time, which is what ICU
 * answers for it; anything else (and any word or sentence splitting) goes to a real Intl.Segmenter,
 * created on first need.
 */

/**
 * Code points that are a grapheme on their own whatever surrounds them: controls other than CR (CR LF
 * is one grapheme), ASCII, Latin, general punctuation, arrows, technical and mathematical symbols,
 * box drawing, shapes, dingbats and braille. None of them is a combining mark, joiner, prepended
 * mark, Hangul jamo or regional indicator, and none is a surrogate, so a code unit is a code point.
 * test/terminal/graphemes.test.ts checks every one of them against Intl.Segmenter.
 */
export const STANDALONE_EACH = /^[\u0000-\u000C\u000E-\u02FF\u2010-\u2027\u2030-\u205E\u2190-\u2BFF]*$/;

interface GraphemeSegment {
  segment: string;
  index: number;
  input: string;
}

interface GraphemeSegments extends Iterable<GraphemeSegment> {
  containing(codeUnitIndex?: number): GraphemeSegment | undefined;
}

/** The segments of text whose every code unit is a grapheme of its own. */
class StandaloneSegments implements GraphemeSegments {
  constructor(private readonly input: string) {}

  *[Symbol.iterator](): Iterator<GraphemeSegment> {
    const { input } = this;
    for (let index = 0; index < input.length; index += 1) yield { segment: input[index]!, index, input };
  }

  containing(codeUnitIndex = 0): GraphemeSegment | undefined {
    const index = Math.trunc(Number(codeUnitIndex)) || 0;
    if (index < 0 || index >= this.input.length) return undefined;
    return { segment: this.input[index]!, index, input: this.input };
  }
}

export class GraphemeSegmenter {
  private real: Intl.Segmenter | undefined;
  private readonly graphemes: boolean;

  constructor(
    private readonly locales?: string | string[],
    private readonly options?: Intl.SegmenterOptions,
  ) {
    // Word and sentence splitting (no helper of Ink's asks for them) are left to ICU entirely.
    this.graphemes = (options?.granularity ?? 'grapheme') === 'grapheme';
  }

  segment(input: string): GraphemeSegments {
    const text = String(input);
    if (this.graphemes && STANDALONE_EACH.test(text)) return new StandaloneSegments(text);
    this.real ??= new Intl.Segmenter(this.locales, this.options);
    return this.real.segment(text);
  }
}
